import { kitOfUpstreamPath } from '../format-kits/kits.ts';
import { firstRecords, withHugeRecord } from '../format-kits/stream-records.ts';
import {
  chunk,
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
import { inPieces, piecesApart, streamAnswer, streamHead, streamResetAt } from './stream-faults.ts';

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
  recordings[kitOfUpstreamPath(request.path).format].stream;

/**
 * The upstream's recording written in its framing's `index`-th cheap variant (for SSE: CRLF line
 * endings, then comment lines), or as it is where the framing has fewer.
 */
const framingVariant =
  (index: number) =>
  (r: FaultRequest, rec: Recordings): FaultStep[] => {
    const kit = kitOfUpstreamPath(r.path);
    const variant = kit.stream.framing.variants.filter((v) => !v.costly)[index];
    const body = recorded(r, rec);
    return streamAnswer(
      kit,
      variant ? piecesApart(variant.pieces(body), variant.pauseMs) : [chunk(body)],
    );
  };

export const SOAK_FAULTS: readonly SoakFault[] = [
  {
    name: 'plain',
    expect: 'ok',
    script: (r, rec) => streamAnswer(kitOfUpstreamPath(r.path), [chunk(recorded(r, rec))]),
  },
  { name: 'framing-variant-1', expect: 'ok', script: framingVariant(0) },
  { name: 'framing-variant-2', expect: 'ok', script: framingVariant(1) },
  {
    name: 'split',
    expect: 'ok',
    script: (r, rec) => streamAnswer(kitOfUpstreamPath(r.path), inPieces(recorded(r, rec), 5, 0)),
  },
  {
    name: 'huge-event',
    expect: 'ok',
    script: (r, rec, huge) => {
      const kit = kitOfUpstreamPath(r.path);
      const body = withHugeRecord(kit, recorded(r, rec), 'H'.repeat(huge));
      return streamAnswer(kit, inPieces(body, 256 * 1024, 0));
    },
  },
  {
    name: 'truncated',
    expect: 'stream-error',
    script: (r, rec) => {
      const kit = kitOfUpstreamPath(r.path);
      return streamAnswer(kit, [chunk(firstRecords(kit, recorded(r, rec), 3))]);
    },
  },
  {
    name: 'reset-mid-event',
    expect: 'stream-error',
    script: (r, rec) => {
      const kit = kitOfUpstreamPath(r.path);
      const body = recorded(r, rec);
      return streamResetAt(kit, body, kit.stream.framing.recordEnd(body, 0) + 20);
    },
  },
  {
    name: 'reset-before-body',
    expect: 502,
    orExpect: 'stream-error',
    script: (r, rec) => streamResetAt(kitOfUpstreamPath(r.path), recorded(r, rec), 0),
  },
  { name: 'stall-headers', expect: 504, script: () => [stall] },
  {
    name: 'stall-mid-stream',
    expect: 'stream-error',
    script: (r, rec) => {
      const kit = kitOfUpstreamPath(r.path);
      return [streamHead(kit), chunk(firstRecords(kit, recorded(r, rec), 3)), wait(10), stall];
    },
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
    script: (r, rec) => {
      const kit = kitOfUpstreamPath(r.path);
      return [streamHead(kit), chunk(firstRecords(kit, recorded(r, rec), 2)), wait(3000), end];
    },
  },
];

/** The fault a request asked for, by the `fault=<name>` in its prompt. */
export function faultOf(request: FaultRequest): SoakFault | undefined {
  const name = /fault=([a-z0-9-]+)/.exec(request.body)?.[1];
  return SOAK_FAULTS.find((f) => f.name === name);
}
