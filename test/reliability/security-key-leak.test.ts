import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../electron/store/index.ts';
import {
  chunk,
  head,
  jsonAnswer,
  lastChunk,
  end,
  reset,
  stall,
  startFaultUpstream,
  wait,
  write,
  type FaultScript,
  type FaultUpstream,
} from './fault-upstream.ts';
import { UPSTREAM_KEY } from './gateway-fixture.ts';
import { PROCESS_TOKEN, startGatewayProcess, type GatewayProcess } from './gateway-process.ts';
import { httpRequest } from './raw-http.ts';
import { SSE_HEAD } from './sse-faults.ts';

/**
 * The upstream key appears in no response, log line or file, also when the upstream misbehaves
 * and, worst case, quotes the key back (some APIs echo the key they were sent in an error).
 * A real `serve` with body capture on runs every fault below against an upstream that puts
 * the key into each answer it can; then stdout, stderr, every answer and every file in the
 * data dir are searched for it, in the forms the faults send it: as is, JSON-escaped and
 * URL-encoded. Passed-through 2xx answers, streams and headers included (issue 13, finding 2):
 * one scrubber sees every byte and header that leaves toward a client, a log or the store.
 */
let up: FaultUpstream;
let gw: GatewayProcess;
const answers: string[] = [];
const KEY = UPSTREAM_KEY;

beforeAll(async () => {
  up = await startFaultUpstream();
  const dataDir = mkdtempSync(join(tmpdir(), 'mg-leak-'));
  const setup = openStore(dataDir);
  setup.settings.set('captureBodies', true);
  setup.close();
  gw = await startGatewayProcess({
    upstreamUrl: up.url,
    upstreamKey: KEY,
    dataDir,
    env: {
      MODEL_GATEWAY_UPSTREAM_HEADERS_TIMEOUT_MS: '700',
      MODEL_GATEWAY_UPSTREAM_BODY_TIMEOUT_MS: '700',
    },
  });
});
afterAll(async () => {
  if (gw.cli.child.exitCode === null) await gw.stop();
  await up.close();
});

const quoted =
  (status: number, text: string): FaultScript =>
  () =>
    jsonAnswer(status, { error: { message: `${text} ${KEY}`, type: 'invalid_request_error' } });

/** Anthropic's error shape, as a Messages upstream quoting the key would send it. */
const quotedAnthropic =
  (status: number, type: string, text: string): FaultScript =>
  () =>
    jsonAnswer(status, { type: 'error', error: { type, message: `${text} ${KEY}` } });

const htmlPage: FaultScript = () => {
  const page = `<html><head><title>502 from proxy for ${KEY}</title></head><body>key=${KEY}</body></html>`;
  return [
    head(502, { 'content-type': 'text/html', 'content-length': String(page.length) }),
    write(page),
    end,
  ];
};

const streamErrorQuoting: FaultScript = () => [
  SSE_HEAD,
  chunk(
    `data: {"id":"c","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":"hi"}}]}\n\ndata: {"error":{"message":"failed for key ${KEY}","code":500}}\n\n`,
  ),
  lastChunk,
  end,
];

/** A Messages stream whose `error` event quotes the key. */
const anthropicStreamErrorQuoting: FaultScript = () => [
  SSE_HEAD,
  chunk(
    'event: message_start\ndata: {"type":"message_start","message":{"id":"msg_1","type":"message","role":"assistant","model":"sim-anthropic","content":[],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":3,"output_tokens":1}}}\n\n' +
      'event: content_block_start\ndata: {"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}\n\n' +
      'event: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"hi"}}\n\n' +
      `event: error\ndata: {"type":"error","error":{"type":"api_error","message":"failed for key ${KEY}"}}\n\n`,
  ),
  lastChunk,
  end,
];

/** The key JSON-escaped (its dashes as \u002d) and fully percent-encoded. */
const ESCAPED_KEY = KEY.replaceAll('-', '\\u002d');
const PERCENT_KEY = [...KEY].map((c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`).join('');
const FORMS = [KEY, ESCAPED_KEY, PERCENT_KEY];

/** A 2xx JSON answer echoing the key in its text, escaped, and in a rate-limit header. */
const echoing200: FaultScript = () =>
  jsonAnswer(
    200,
    `{"id":"c1","object":"chat.completion","model":"sim-chat","choices":[{"index":0,"message":{"role":"assistant","content":"${ESCAPED_KEY} ${KEY}"},"finish_reason":"stop"}]}`,
    { 'x-ratelimit-remaining-requests': `99 for ${KEY}` },
  );

/** A passed-through stream whose records echo the key, split across two chunks. */
const echoingStream: FaultScript = () => [
  head(200, {
    'content-type': 'text/event-stream',
    'transfer-encoding': 'chunked',
    'x-ratelimit-limit-tokens': PERCENT_KEY,
  }),
  chunk(
    `data: {"id":"c","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":"${KEY.slice(0, 10)}`,
  ),
  wait(5),
  chunk(
    `${KEY.slice(10)} ${ESCAPED_KEY}"}}]}\n\ndata: {"id":"c","object":"chat.completion.chunk","choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n`,
  ),
  lastChunk,
  end,
];

/** An error body with the key escaped and percent-encoded: decoded, it would be the key again. */
const escapedError =
  (status: number): FaultScript =>
  () =>
    jsonAnswer(
      status,
      `{"error":{"message":"bad key ${ESCAPED_KEY} (${PERCENT_KEY})","type":"invalid_request_error"}}`,
    );

const garbage200: FaultScript = () => {
  const body = `not json, but the key: ${KEY}`;
  return [
    head(200, { 'content-type': 'application/json', 'content-length': String(body.length) }),
    write(body),
    end,
  ];
};

async function send(
  path: string,
  body: object | null,
  headers: Record<string, string> = {},
): Promise<void> {
  const reply = await httpRequest(gw.url, {
    method: body === null ? 'GET' : 'POST',
    path,
    headers: {
      authorization: `Bearer ${PROCESS_TOKEN}`,
      'content-type': 'application/json',
      ...headers,
    },
    ...(body === null ? {} : { body: JSON.stringify(body) }),
    timeoutMs: 10_000,
  }).catch((error: unknown) => ({ status: 0, headers: {}, text: String(error) }));
  answers.push(`${reply.status} ${JSON.stringify(reply.headers)} ${reply.text}`);
}

const chat = (model: string, stream = false) => ({
  model,
  stream,
  messages: [{ role: 'user', content: 'leak test' }],
});
const gemini = { contents: [{ role: 'user', parts: [{ text: 'leak test' }] }] };
const messages = (model: string, stream = false) => ({
  model,
  max_tokens: 64,
  stream,
  messages: [{ role: 'user', content: 'leak test' }],
});
/** As @anthropic-ai/sdk sends them: the token as `x-api-key`, and the API version. */
const SDK = { authorization: '', 'x-api-key': PROCESS_TOKEN, 'anthropic-version': '2023-06-01' };

describe('the upstream key under upstream faults', () => {
  it('never reaches a response, a log line or a file', async () => {
    // The catalog itself misbehaves first (it is not cached while it fails).
    up.catalogScript = () => {
      const body = `<html>${KEY}</html>`;
      return [
        head(200, { 'content-type': 'application/json', 'content-length': String(body.length) }),
        write(body),
        end,
      ];
    };
    await send('/v1/models', null);
    await send('/v1/chat/completions', chat('sim-chat'));
    up.catalogScript = quoted(500, 'catalog failed for');
    await send('/v1beta/models', null, { authorization: '', 'x-goog-api-key': PROCESS_TOKEN });
    up.catalogScript = quoted(401, 'Incorrect API key provided:');
    await send('/v1/models', null);
    await send('/v1/models', null, SDK);
    up.catalogScript = null;

    const faults: [FaultScript, () => Promise<void>][] = [
      [
        quoted(401, 'Incorrect API key provided:'),
        () => send('/v1/chat/completions', chat('sim-chat')),
      ],
      [
        quoted(403, 'insufficient balance for'),
        () => send('/v1/responses', { model: 'sim-responses', input: 'x' }),
      ],
      [quoted(500, 'internal error for'), () => send('/v1/chat/completions', chat('sim-chat'))],
      [
        quoted(500, 'internal error for'),
        () => send('/v1beta/models/sim-chat:generateContent', gemini),
      ],
      [
        quoted(429, 'rate limited'),
        () => send('/v1/responses', { model: 'sim-gemini', input: 'x' }),
      ],
      [htmlPage, () => send('/v1/chat/completions', chat('sim-chat', true))],
      [htmlPage, () => send('/v1beta/models/sim-responses:streamGenerateContent?alt=sse', gemini)],
      [
        streamErrorQuoting,
        () => send('/v1/responses', { model: 'sim-chat', input: 'x', stream: true }),
      ],
      [
        streamErrorQuoting,
        () => send('/v1beta/models/sim-chat:streamGenerateContent?alt=sse', gemini),
      ],
      // The Messages paths, passed through and translated both ways.
      [
        quotedAnthropic(401, 'authentication_error', 'invalid x-api-key'),
        () => send('/v1/messages', messages('sim-anthropic'), SDK),
      ],
      [
        quotedAnthropic(529, 'overloaded_error', 'overloaded for'),
        () => send('/v1/messages', messages('sim-anthropic'), SDK),
      ],
      [quoted(500, 'internal error for'), () => send('/v1/messages', messages('sim-chat'), SDK)],
      [
        quotedAnthropic(500, 'api_error', 'internal error for'),
        () => send('/v1/responses', { model: 'sim-anthropic', input: 'x' }),
      ],
      [htmlPage, () => send('/v1/messages', messages('sim-gemini', true), SDK)],
      [streamErrorQuoting, () => send('/v1/messages', messages('sim-chat', true), SDK)],
      [
        anthropicStreamErrorQuoting,
        () => send('/v1/chat/completions', chat('sim-anthropic', true)),
      ],
      [garbage200, () => send('/v1/messages', messages('sim-chat'), SDK)],
      [garbage200, () => send('/v1/chat/completions', chat('sim-anthropic'))],
      [
        quotedAnthropic(500, 'api_error', 'count failed for'),
        () => send('/v1/messages/count_tokens', messages('sim-anthropic'), SDK),
      ],
      [garbage200, () => send('/v1/messages/count_tokens', messages('sim-anthropic'), SDK)],
      [garbage200, () => send('/v1/responses', { model: 'sim-chat', input: 'x' })],
      [() => [stall], () => send('/v1/chat/completions', chat('sim-gemini', true))],
      // Echoes in 2xx answers, streams, headers and escaped error bodies (finding 2).
      [echoing200, () => send('/v1/chat/completions', chat('sim-chat'))],
      [echoing200, () => send('/v1/responses', { model: 'sim-chat', input: 'x' })],
      [echoingStream, () => send('/v1/chat/completions', chat('sim-chat', true))],
      [echoingStream, () => send('/v1/messages', messages('sim-chat', true), SDK)],
      [streamErrorQuoting, () => send('/v1/chat/completions', chat('sim-chat', true))],
      [escapedError(500), () => send('/v1/chat/completions', chat('sim-chat'))],
      [escapedError(400), () => send('/v1/messages', messages('sim-chat'), SDK)],
      [escapedError(429), () => send('/v1beta/models/sim-chat:generateContent', gemini)],
      [
        () => [
          SSE_HEAD,
          chunk('data: {"id":"c","object":"chat.completion.chunk","choices":[]}\n\n'),
          wait(5),
          reset,
        ],
        () => send('/v1/chat/completions', chat('sim-chat', true)),
      ],
    ];
    for (const [script, run] of faults) {
      up.script = script;
      await run();
    }
    // Each fault really put the key on the wire towards the gateway.
    expect(up.requests.length).toBeGreaterThan(faults.length);

    expect(await gw.stop()).toBe(0);
    const files = readdirSync(gw.dataDir).map((name) =>
      readFileSync(join(gw.dataDir, name)).toString('latin1'),
    );
    const places = {
      answers: answers.join('\n'),
      stdout: gw.cli.stdout(),
      stderr: gw.cli.stderr(),
      files: files.join('\n'),
    };
    for (const [where, text] of Object.entries(places))
      for (const form of FORMS) {
        const at = text.indexOf(form);
        expect(at, `${where}: …${text.slice(Math.max(0, at - 200), at + 60)}…`).toBe(-1);
      }
    // The faults were answered (not silently dropped), and the log holds one row per request.
    expect(answers.every((a) => !a.startsWith('0 '))).toBe(true);
    const store = openStore(gw.dataDir);
    try {
      const rows = store.requestLog.searchLog({}, { limit: 100, offset: 0 }).rows;
      expect(rows).toHaveLength(answers.length);
    } finally {
      store.close();
    }
  });
});
