import type { WireFormat } from '../../shared/wire-formats.ts';
import { SIM_KEYS, startSimulator } from '../upstream-sim/index.ts';

/**
 * Real upstream answers in each format, taken from the simulator once, so the fault upstream
 * replays true wire bytes with one fault applied (CRLF, comments, splits, cuts) rather than
 * hand-written streams that might hide a framing mistake of their own.
 */
interface Recording {
  /** The SSE body of a streamed answer, as the simulator sent it. */
  stream: string;
  /** The JSON body of a non-streamed answer. */
  json: string;
}

export type Recordings = Record<WireFormat, Recording>;

const REQUESTS: Record<WireFormat, { path: string; streamPath: string; body: object }> = {
  chat: {
    path: '/v1/chat/completions',
    streamPath: '/v1/chat/completions',
    body: {
      model: 'sim-chat',
      messages: [{ role: 'user', content: 'recorded [[sim:long=40]]' }],
      stream_options: { include_usage: true },
    },
  },
  responses: {
    path: '/v1/responses',
    streamPath: '/v1/responses',
    body: { model: 'sim-responses', input: 'recorded [[sim:long=40]]' },
  },
  gemini: {
    path: '/v1beta/models/sim-gemini:generateContent',
    streamPath: '/v1beta/models/sim-gemini:streamGenerateContent?alt=sse',
    body: { contents: [{ role: 'user', parts: [{ text: 'recorded [[sim:long=40]]' }] }] },
  },
};

async function fetchText(url: string, body: object): Promise<string> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${SIM_KEYS.full}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`simulator answered ${response.status}`);
  return response.text();
}

export async function recordFromSimulator(): Promise<Recordings> {
  const sim = await startSimulator();
  try {
    const out: Partial<Recordings> = {};
    for (const [format, req] of Object.entries(REQUESTS) as [WireFormat, typeof REQUESTS.chat][]) {
      const streamBody = format === 'gemini' ? req.body : { ...req.body, stream: true };
      out[format] = {
        stream: await fetchText(sim.url + req.streamPath, streamBody),
        json: await fetchText(sim.url + req.path, req.body),
      };
    }
    return out as Recordings;
  } finally {
    await sim.close();
  }
}
