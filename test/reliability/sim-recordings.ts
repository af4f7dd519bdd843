import type { WireFormat } from '../../shared/wire-formats.ts';
import { SIM_KEYS, startSimulator } from '../upstream-sim/index.ts';
import { ANTHROPIC_VERSION } from './routes.ts';

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

interface RecordedRequest {
  path: string;
  streamPath: string;
  body: object;
  /** The streamed request's body: the stream flag is in the body or in the path. */
  streamBody: object;
  /** Headers the format requires besides the key. */
  headers?: Record<string, string>;
}

const PROMPT = 'recorded [[sim:long=40]]';

const ANTHROPIC_BODY = {
  model: 'sim-anthropic',
  max_tokens: 2048,
  thinking: { type: 'enabled', budget_tokens: 1024 },
  messages: [{ role: 'user', content: PROMPT }],
};

const REQUESTS: Record<WireFormat, RecordedRequest> = {
  chat: {
    path: '/v1/chat/completions',
    streamPath: '/v1/chat/completions',
    body: {
      model: 'sim-chat',
      messages: [{ role: 'user', content: PROMPT }],
      stream_options: { include_usage: true },
    },
    streamBody: {
      model: 'sim-chat',
      messages: [{ role: 'user', content: PROMPT }],
      stream_options: { include_usage: true },
      stream: true,
    },
  },
  responses: {
    path: '/v1/responses',
    streamPath: '/v1/responses',
    body: { model: 'sim-responses', input: PROMPT },
    streamBody: { model: 'sim-responses', input: PROMPT, stream: true },
  },
  gemini: {
    path: '/v1beta/models/sim-gemini:generateContent',
    streamPath: '/v1beta/models/sim-gemini:streamGenerateContent?alt=sse',
    body: { contents: [{ role: 'user', parts: [{ text: PROMPT }] }] },
    streamBody: { contents: [{ role: 'user', parts: [{ text: PROMPT }] }] },
  },
  // With thinking on: a signed thinking block comes before the text, as Claude's answers do.
  anthropic: {
    path: '/v1/messages',
    streamPath: '/v1/messages',
    body: ANTHROPIC_BODY,
    streamBody: { ...ANTHROPIC_BODY, stream: true },
    headers: { 'anthropic-version': ANTHROPIC_VERSION },
  },
};

async function fetchText(
  url: string,
  body: object,
  headers: Record<string, string> = {},
): Promise<string> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${SIM_KEYS.full}`,
      'content-type': 'application/json',
      ...headers,
    },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`simulator answered ${response.status}`);
  return response.text();
}

export async function recordFromSimulator(): Promise<Recordings> {
  const sim = await startSimulator();
  try {
    const out: Partial<Recordings> = {};
    for (const [format, req] of Object.entries(REQUESTS) as [WireFormat, RecordedRequest][]) {
      out[format] = {
        stream: await fetchText(sim.url + req.streamPath, req.streamBody, req.headers),
        json: await fetchText(sim.url + req.path, req.body, req.headers),
      };
    }
    return out as Recordings;
  } finally {
    await sim.close();
  }
}
