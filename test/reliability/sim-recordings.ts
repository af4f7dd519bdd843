import type { WireFormat } from '../../shared/wire-formats.ts';
import { KIT_LIST } from '../format-kits/kits.ts';
import { SIM_KEYS, startSimulator } from '../upstream-sim/index.ts';
import { requestHeaders } from './routes.ts';

/**
 * Real upstream answers in each format, taken from the simulator once, so the fault upstream
 * replays true wire bytes with one fault applied (CRLF, comments, splits, cuts) rather than
 * hand-written streams that might hide a framing mistake of their own.
 */
interface Recording {
  /** The body of a streamed answer, as the simulator sent it. */
  stream: string;
  /** The JSON body of a non-streamed answer. */
  json: string;
}

export type Recordings = Record<WireFormat, Recording>;

const PROMPT = 'recorded [[sim:long=40]]';

async function fetchText(url: string, stream: boolean, kit: (typeof KIT_LIST)[number]) {
  const request = kit.upstream.recordingRequest(kit.nativeModel, PROMPT, stream);
  const response = await fetch(url + request.path, {
    method: 'POST',
    headers: requestHeaders(request, SIM_KEYS.full),
    body: JSON.stringify(request.body),
  });
  if (!response.ok) throw new Error(`simulator answered ${response.status}`);
  return response.text();
}

export async function recordFromSimulator(): Promise<Recordings> {
  const sim = await startSimulator();
  try {
    const out: Partial<Recordings> = {};
    for (const kit of KIT_LIST) {
      out[kit.format] = {
        stream: await fetchText(sim.url, true, kit),
        json: await fetchText(sim.url, false, kit),
      };
    }
    return out as Recordings;
  } finally {
    await sim.close();
  }
}
