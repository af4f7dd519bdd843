import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../electron/store/index.ts';
import type { FormatKit } from '../format-kits/format-kit.ts';
import { DEFAULT_KIT, KIT_LIST } from '../format-kits/kits.ts';
import { firstRecords, upToFirstText } from '../format-kits/stream-records.ts';
import { makeFailure } from '../upstream-sim/errors.ts';
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
  type FaultRequest,
  type FaultScript,
  type FaultUpstream,
} from './fault-upstream.ts';
import { UPSTREAM_KEY } from './gateway-fixture.ts';
import { PROCESS_TOKEN, startGatewayProcess, type GatewayProcess } from './gateway-process.ts';
import { httpRequest } from './raw-http.ts';
import { requestHeaders } from './routes.ts';
import { recordFromSimulator, type Recordings } from './sim-recordings.ts';
import { errorAnswer, streamAnswer, streamHead } from './stream-faults.ts';

/**
 * The upstream key appears in no response, log line or file, also when the upstream misbehaves
 * and, worst case, quotes the key back (some APIs echo the key they were sent in an error).
 * A real `serve` with body capture on runs every fault below against an upstream that puts
 * the key into each answer it can; then stdout, stderr, every answer and every file in the
 * data dir are searched for it, in the forms the faults send it: as is, JSON-escaped and
 * URL-encoded. Passed-through 2xx answers, streams and headers included (issue 13, finding 2):
 * one scrubber sees every byte and header that leaves toward a client, a log or the store.
 */
let recordings: Recordings;
let up: FaultUpstream;
let gw: GatewayProcess;
const answers: string[] = [];
const KEY = UPSTREAM_KEY;

beforeAll(async () => {
  recordings = await recordFromSimulator();
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

/** The key JSON-escaped (its dashes as \u002d) and fully percent-encoded. */
const ESCAPED_KEY = KEY.replaceAll('-', '\\u002d');
const PERCENT_KEY = [...KEY].map((c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`).join('');
const FORMS = [KEY, ESCAPED_KEY, PERCENT_KEY];
/** Stands in a text for the escaped key until the JSON around it is written. */
const MARK = 'ESCAPED-KEY-GOES-HERE';
const withEscapedKey = (json: string): string => json.replace(MARK, ESCAPED_KEY);

/** The recorded answers begin with this word (the simulator's `[[sim:long=N]]` text). */
const FIRST_WORD = 'lorem';

/**
 * The faults, each written in the upstream's own format (its kit's error body, stream and
 * in-stream error record): an upstream quoting the key back in every place it can.
 */
const quoted =
  (kit: FormatKit, status: number, text: string): FaultScript =>
  () =>
    errorAnswer(kit, status, `${text} ${KEY}`);

const htmlPage: FaultScript = () => {
  const page = `<html><head><title>502 from proxy for ${KEY}</title></head><body>key=${KEY}</body></html>`;
  return [
    head(502, { 'content-type': 'text/html', 'content-length': String(page.length) }),
    write(page),
    end,
  ];
};

/** The first records of an answer, then the format's in-stream error quoting the key. */
const streamErrorQuoting =
  (kit: FormatKit): FaultScript =>
  () =>
    streamAnswer(kit, [
      chunk(
        firstRecords(kit, recordings[kit.format].stream, 2) +
          kit.upstream.errorRecord(`failed for key ${KEY}`),
      ),
    ]);

/** A 2xx answer echoing the key in its text, escaped, and in a rate-limit header. */
const echoing200 =
  (kit: FormatKit): FaultScript =>
  () =>
    jsonAnswer(200, recordings[kit.format].json.replace(FIRST_WORD, `${ESCAPED_KEY} ${KEY}`), {
      'x-ratelimit-remaining-requests': `99 for ${KEY}`,
    });

/** A passed-through stream whose first text echoes the key, split across two chunks. */
const echoingStream =
  (kit: FormatKit): FaultScript =>
  () => {
    const recorded = recordings[kit.format].stream;
    const start = withEscapedKey(upToFirstText(kit, recorded, `${KEY} ${MARK}`));
    const rest = recorded.slice(
      firstRecords(kit, recorded, kit.stream.framing.records(start).length).length,
    );
    const body = start + rest;
    const cut = body.indexOf(KEY) + 10;
    return [
      head(200, {
        'content-type': kit.stream.framing.contentType,
        'transfer-encoding': 'chunked',
        'x-ratelimit-limit-tokens': PERCENT_KEY,
      }),
      chunk(body.slice(0, cut)),
      wait(5),
      chunk(body.slice(cut)),
      lastChunk,
      end,
    ];
  };

/** An error body with the key escaped and percent-encoded: decoded, it would be the key again. */
const escapedError =
  (kit: FormatKit, status: number): FaultScript =>
  () => {
    const rendered = kit.upstream.sim.renderError(
      makeFailure(status, `bad key ${MARK} (${PERCENT_KEY})`),
      0,
    );
    return jsonAnswer(rendered.status, withEscapedKey(rendered.body), rendered.headers);
  };

const garbage200: FaultScript = () => {
  const body = `not json, but the key: ${KEY}`;
  return [
    head(200, { 'content-type': 'application/json', 'content-length': String(body.length) }),
    write(body),
    end,
  ];
};

/** A stream whose first text quotes the key, reset right after it. */
const resetAfterText =
  (kit: FormatKit): FaultScript =>
  () => [
    streamHead(kit),
    chunk(upToFirstText(kit, recordings[kit.format].stream, `quoting ${KEY}`)),
    wait(5),
    reset,
  ];

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

/** The token as the format's SDK sends it, where that is not `Authorization: Bearer`. */
const sdkHeaders = (kit: FormatKit): Record<string, string> => {
  const own = kit.client.browserHeaders?.(PROCESS_TOKEN);
  return own === undefined ? {} : { authorization: '', ...own };
};

/** A request of `client`'s format for `model`, as its SDK sends it. */
const ask = (client: FormatKit, model: string, stream: boolean) => () => {
  const request = client.client.request(model, 'leak test', stream);
  return send(request.path, request.body, { ...request.headers, ...sdkHeaders(client) });
};

/** Each upstream format passed through to its own client, and translated for the next one. */
const PAIRS = KIT_LIST.flatMap((upstream, i) => [
  { upstream, client: upstream },
  { upstream, client: KIT_LIST[(i + 1) % KIT_LIST.length]! },
]);

/** Statuses the gateway does not retry, one per pair in turn. */
const ONCE = [401, 403, 500, 400];

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
    const list = (kit: FormatKit) => {
      const { path, headers } = kit.client.listModels(PROCESS_TOKEN);
      return send(path, null, { authorization: '', ...headers });
    };
    await list(DEFAULT_KIT);
    await ask(DEFAULT_KIT, DEFAULT_KIT.nativeModel, false)();
    up.catalogScript = quoted(DEFAULT_KIT, 500, 'catalog failed for');
    for (const kit of KIT_LIST) await list(kit);
    up.catalogScript = quoted(DEFAULT_KIT, 401, 'Incorrect API key provided:');
    for (const kit of KIT_LIST) await list(kit);
    up.catalogScript = null;

    const faults: [FaultScript, () => Promise<void>][] = PAIRS.flatMap(
      ({ upstream, client }, i): [FaultScript, () => Promise<void>][] => {
        const model = upstream.nativeModel;
        const status = ONCE[i % ONCE.length]!;
        return [
          [quoted(upstream, status, 'rejected for'), ask(client, model, false)],
          [htmlPage, ask(client, model, true)],
          [streamErrorQuoting(upstream), ask(client, model, true)],
          [garbage200, ask(client, model, false)],
          // Echoes in 2xx answers, streams, headers and escaped error bodies (finding 2).
          [echoing200(upstream), ask(client, model, false)],
          [echoingStream(upstream), ask(client, model, true)],
          [escapedError(upstream, status), ask(client, model, false)],
          [resetAfterText(upstream), ask(client, model, true)],
        ];
      },
    );
    // Retried statuses (429, the format's own "overloaded") and a stall, once per upstream.
    for (const upstream of KIT_LIST) {
      const model = upstream.nativeModel;
      for (const status of [429, ...upstream.upstream.overloadedStatuses])
        faults.push([quoted(upstream, status, 'rate limited'), ask(DEFAULT_KIT, model, false)]);
      faults.push([() => [stall], ask(DEFAULT_KIT, model, true)]);
      // The routes besides generation, passed through (`count_tokens`).
      for (const route of upstream.client.otherRoutes) {
        const other = () => {
          const request = route.request(model, 'leak test');
          return send(request.path, request.body, {
            ...requestHeaders(request, PROCESS_TOKEN),
            ...sdkHeaders(upstream),
          });
        };
        faults.push([quoted(upstream, 500, 'count failed for'), other], [garbage200, other]);
      }
    }
    for (const [script, run] of faults) {
      up.script = script;
      await run();
    }
    // Not vacuous: every fault but the stalls wrote the key, in one of its forms, on the wire.
    const wrote = (script: FaultScript): string =>
      script({} as FaultRequest)
        .map((step) => (step.kind === 'write' ? String(step.data) : ''))
        .join('');
    const silent = faults.filter(([script]) => !FORMS.some((form) => wrote(script).includes(form)));
    expect(silent.length, 'faults that never quote the key').toBe(KIT_LIST.length);
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
      const rows = store.requestLog.searchLog({}, { limit: 1000 }).rows;
      expect(rows).toHaveLength(answers.length);
    } finally {
      store.close();
    }
  });
});
