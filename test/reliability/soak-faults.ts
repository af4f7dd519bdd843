import {
  chunk,
  formatOfPath,
  head,
  jsonAnswer,
  stall,
  wait,
  write,
  end,
  type FaultRequest,
  type FaultStep,
} from './fault-upstream.ts';
import type { Recordings } from './sim-recordings.ts';
import {
  firstEvents,
  inPieces,
  sseAnswer,
  SSE_HEAD,
  sseResetAt,
  toCrlf,
  withComments,
  withHugeEvent,
} from './sse-faults.ts';

/**
 * The faults the long run repeats, each with what the client must see. A request names its
 * fault in its prompt (`fault=<name>`), so one upstream serves many concurrent faults.
 */
export type Expectation =
  /** 200 and a stream without an error. */
  | 'ok'
  /** 200 and a stream that ends with an in-stream error. */
  | 'stream-error'
  /** This error status, in the client's format. */
  | number
  /** The client itself goes away mid-stream; only the record is checked. */
  | 'client-gone';

export interface SoakFault {
  name: string;
  expect: Expectation;
  /** Also acceptable (a reset before any byte may be an error status or an in-stream error). */
  orExpect?: Expectation;
  script: (request: FaultRequest, recordings: Recordings, hugeChars: number) => FaultStep[];
}

const recorded = (request: FaultRequest, recordings: Recordings): string =>
  recordings[formatOfPath(request.path)].stream;

export const SOAK_FAULTS: readonly SoakFault[] = [
  { name: 'plain', expect: 'ok', script: (r, rec) => sseAnswer([chunk(recorded(r, rec))]) },
  { name: 'crlf', expect: 'ok', script: (r, rec) => sseAnswer([chunk(toCrlf(recorded(r, rec)))]) },
  {
    name: 'comments',
    expect: 'ok',
    script: (r, rec) => sseAnswer([chunk(withComments(recorded(r, rec)))]),
  },
  { name: 'split', expect: 'ok', script: (r, rec) => sseAnswer(inPieces(recorded(r, rec), 5, 0)) },
  {
    name: 'huge-event',
    expect: 'ok',
    script: (r, rec, huge) =>
      sseAnswer(
        inPieces(
          withHugeEvent(formatOfPath(r.path), recorded(r, rec), 'H'.repeat(huge)),
          256 * 1024,
          0,
        ),
      ),
  },
  {
    name: 'truncated',
    expect: 'stream-error',
    script: (r, rec) => sseAnswer([chunk(firstEvents(recorded(r, rec), 3))]),
  },
  {
    name: 'reset-mid-event',
    expect: 'stream-error',
    script: (r, rec) => sseResetAt(recorded(r, rec), recorded(r, rec).indexOf('\n\n') + 22),
  },
  {
    name: 'reset-before-body',
    expect: 502,
    orExpect: 'stream-error',
    script: (r, rec) => sseResetAt(recorded(r, rec), 0),
  },
  { name: 'stall-headers', expect: 504, script: () => [stall] },
  {
    name: 'stall-mid-stream',
    expect: 'stream-error',
    script: (r, rec) => [SSE_HEAD, chunk(firstEvents(recorded(r, rec), 3)), wait(10), stall],
  },
  {
    name: 'html-502',
    expect: 502,
    script: () => {
      const page = '<html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>';
      return [
        head(502, { 'content-type': 'text/html', 'content-length': String(page.length) }),
        write(page),
        end,
      ];
    },
  },
  {
    name: '429-storm',
    expect: 429,
    script: () => jsonAnswer(429, { error: { message: 'slow down' } }, { 'retry-after': '0' }),
  },
  {
    name: '503-burst',
    expect: 503,
    script: () => jsonAnswer(503, { error: { message: 'overloaded' } }),
  },
  {
    name: 'client-gone',
    expect: 'client-gone',
    script: (r, rec) => [SSE_HEAD, chunk(firstEvents(recorded(r, rec), 2)), wait(3000), end],
  },
];

/** The fault a request asked for, by the `fault=<name>` in its prompt. */
export function faultOf(request: FaultRequest): SoakFault | undefined {
  const name = /fault=([a-z0-9-]+)/.exec(request.body)?.[1];
  return SOAK_FAULTS.find((f) => f.name === name);
}
