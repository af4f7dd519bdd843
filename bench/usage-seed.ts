/**
 * A request log of realistic shape for bench/usage-at-scale.ts: agent CLIs and an editor sending
 * large, mostly cached prompts, a chat sending small ones, busier in working hours and on
 * weekdays, a few model routes (some requests falling back), and the usual share of failures.
 * Deterministic: the same seed gives the same log, but for its timestamps, which end now.
 */
import type Database from 'better-sqlite3';
import type { RequestRecord } from '../electron/gateway/server/request-record.ts';
import { LOG_COLUMN_NAMES, recordToColumns } from '../electron/store/log-row.ts';
import { WIRE_FORMATS, type WireFormat } from '../shared/wire-formats.ts';
import { KITS } from '../test/format-kits/kits.ts';
import { randomSource } from './seeded-random.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** Rows per transaction: large, for speed, as a bulk import would write them. */
const CHUNK = 50_000;

interface ModelSpec {
  formats: readonly WireFormat[];
  /** new-api's ratios: $2 per million tokens × modelRatio, output × completionRatio. */
  modelRatio: number;
  completionRatio: number;
  reasoning: boolean;
}

const MODELS: Record<string, ModelSpec> = {
  'claude-sonnet-4-5': spec(['anthropic', 'chat'], 1.5, 5),
  'claude-opus-4-1': spec(['anthropic', 'chat'], 7.5, 5),
  'claude-haiku-4-5': spec(['anthropic', 'chat'], 0.5, 5),
  'gpt-5': spec(['responses', 'chat'], 0.625, 8, true),
  'gpt-5-mini': spec(['responses', 'chat'], 0.125, 8, true),
  'gpt-5-codex': spec(['responses'], 0.625, 8, true),
  'gpt-4.1': spec(['chat', 'responses'], 1, 4),
  'gpt-4o-mini': spec(['chat', 'responses'], 0.075, 4),
  o3: spec(['responses', 'chat'], 1, 4, true),
  'gemini-2.5-pro': spec(['gemini', 'chat'], 0.625, 8, true),
  'gemini-2.5-flash': spec(['gemini', 'chat'], 0.15, 8.33),
  'gemini-2.5-flash-lite': spec(['gemini', 'chat'], 0.05, 4),
  'deepseek-v3.1': spec(['chat'], 0.14, 1.5),
  'qwen3-coder': spec(['chat'], 0.25, 4),
  'kimi-k2': spec(['chat'], 0.3, 4.17),
};

function spec(
  formats: readonly WireFormat[],
  modelRatio: number,
  completionRatio: number,
  reasoning = false,
): ModelSpec {
  return { formats, modelRatio, completionRatio, reasoning };
}

const ROUTES: Record<string, readonly string[]> = {
  coding: ['claude-sonnet-4-5', 'gpt-5'],
  cheap: ['gemini-2.5-flash', 'gpt-5-mini', 'deepseek-v3.1'],
  review: ['o3', 'claude-opus-4-1'],
};

interface TokenSpec {
  id: string;
  name: string;
  share: number;
  format: WireFormat;
  models: Record<string, number>;
  /** The route it asks for instead of a model, and how often. */
  route: [string, number] | null;
  /** Median input tokens, and the share of them read from a prompt cache. */
  input: number;
  cached: number;
  output: number;
}

const TOKENS: readonly TokenSpec[] = [
  {
    id: 'tok_claude_code',
    name: 'claude-code',
    share: 0.35,
    format: 'anthropic',
    models: {
      'claude-sonnet-4-5': 0.55,
      'claude-haiku-4-5': 0.3,
      'claude-opus-4-1': 0.1,
      'qwen3-coder': 0.05,
    },
    route: null,
    input: 24_000,
    cached: 0.85,
    output: 700,
  },
  {
    id: 'tok_codex',
    name: 'codex',
    share: 0.2,
    format: 'responses',
    models: { 'gpt-5-codex': 0.5, 'gpt-5': 0.3, 'gpt-5-mini': 0.15, o3: 0.05 },
    route: null,
    input: 20_000,
    cached: 0.8,
    output: 900,
  },
  {
    id: 'tok_cursor',
    name: 'cursor',
    share: 0.15,
    format: 'chat',
    models: { 'gpt-4.1': 0.3, 'claude-sonnet-4-5': 0.3, 'gemini-2.5-pro': 0.2, 'gpt-4o-mini': 0.2 },
    route: ['review', 0.1],
    input: 8_000,
    cached: 0.5,
    output: 500,
  },
  {
    id: 'tok_opencode',
    name: 'opencode',
    share: 0.12,
    format: 'chat',
    models: { 'deepseek-v3.1': 0.3, 'qwen3-coder': 0.3, 'kimi-k2': 0.2, 'gpt-5-mini': 0.2 },
    route: ['coding', 0.4],
    input: 15_000,
    cached: 0.7,
    output: 800,
  },
  {
    id: 'tok_gemini_cli',
    name: 'gemini-cli',
    share: 0.1,
    format: 'gemini',
    models: { 'gemini-2.5-pro': 0.5, 'gemini-2.5-flash': 0.4, 'gemini-2.5-flash-lite': 0.1 },
    route: null,
    input: 18_000,
    cached: 0.6,
    output: 700,
  },
  {
    id: 'tok_chat',
    name: 'chat',
    share: 0.08,
    format: 'chat',
    models: { 'gpt-4o-mini': 0.3, 'gemini-2.5-flash': 0.3, 'claude-haiku-4-5': 0.2, 'gpt-5': 0.2 },
    route: ['cheap', 0.3],
    input: 1_500,
    cached: 0.2,
    output: 450,
  },
];

/**
 * The path a streamed request of each format is logged under (`MODEL` where the path names the
 * model), from its kit's client request: a new format needs no line here.
 */
const PATHS: Readonly<Record<WireFormat, string>> = Object.fromEntries(
  WIRE_FORMATS.map((format) => {
    const { path } = KITS[format].client.request('MODEL', '', true);
    // The log keeps the path without its query (the native stream's `?alt=sse`).
    return [format, path.split('?')[0] ?? path];
  }),
) as Record<WireFormat, string>;

/** Requests per hour of the day, relative: a working day with a quiet night. */
const HOURLY = [
  0.15, 0.1, 0.08, 0.08, 0.1, 0.15, 0.3, 0.6, 1, 1.3, 1.4, 1.3, 1, 1.2, 1.4, 1.4, 1.3, 1.1, 0.8,
  0.6, 0.5, 0.45, 0.35, 0.25,
];

export interface Seeded {
  /** The end of the log: the newest request is just before it. */
  now: number;
  tokens: readonly { id: string; name: string }[];
  models: number;
  routes: number;
  /** Another record of the same kind, for timing writes. */
  record(startedAt: number): RequestRecord;
}

/**
 * Writes `rows` log rows over the last `days` days with SQL, in large transactions; at schema 7
 * also their running totals, built the way migration 7 builds them (with the model that
 * answered and the route, which rows older than the migration do not have).
 */
export function seedLog(
  db: Database.Database,
  options: { rows: number; days: number; schema: 6 | 7 },
): Seeded {
  const random = randomSource(20_250_101);
  const pick = <T extends string>(weights: Record<T, number>): T => {
    const entries = Object.entries(weights) as [T, number][];
    let r = random() * entries.reduce((sum, [, w]) => sum + w, 0);
    for (const [key, weight] of entries) {
      r -= weight;
      if (r <= 0) return key;
    }
    return entries[entries.length - 1]![0];
  };
  const around = (median: number): number =>
    Math.max(1, Math.round(median * Math.exp((random() + random() + random() - 1.5) * 1.4)));
  const tokenWeights = Object.fromEntries(TOKENS.map((t, i) => [String(i), t.share]));
  let idCounter = 0;

  const record = (startedAt: number): RequestRecord => {
    const token = TOKENS[Number(pick(tokenWeights))]!;
    const routeName = token.route && random() < token.route[1] ? token.route[0] : null;
    const route = routeName ? ROUTES[routeName]! : null;
    const fellBack = route !== null && random() < 0.06;
    const served = route ? route[fellBack ? 1 : 0]! : pick(token.models);
    const model = MODELS[served]!;
    const passthrough = model.formats.includes(token.format);
    const upstreamFormat = passthrough ? token.format : model.formats[0]!;
    const roll = random();
    const rejected = roll < 0.003;
    const status = rejected
      ? 401
      : roll < 0.015
        ? 429
        : roll < 0.019
          ? 500
          : roll < 0.022
            ? 400
            : 200;
    const cut = status === 200 && random() < 0.01;
    const cancelled = status === 200 && !cut && random() < 0.01;
    const metered = status === 200;
    const input = around(token.input);
    const cached = Math.round(input * token.cached * random());
    const output = around(token.output);
    const reasoning = model.reasoning ? Math.round(output * (0.3 + 0.3 * random())) : 0;
    const costUsd =
      ((input - cached + cached * 0.1 + output * model.completionRatio) * model.modelRatio * 2) /
      1e6;
    idCounter += 1;
    const latencyMs = 400 + random() * 20_000;
    return {
      requestId: `req_${startedAt.toString(16).padStart(12, '0')}${idCounter.toString(16).padStart(12, '0')}`,
      startedAt,
      client: rejected ? null : token.name,
      clientTokenId: rejected ? null : token.id,
      method: 'POST',
      path: PATHS[token.format].replace('MODEL', routeName ?? served),
      clientFormat: token.format,
      upstreamFormat: rejected ? null : upstreamFormat,
      route: rejected ? 'rejected' : passthrough ? 'passthrough' : 'translated',
      model: routeName ?? served,
      modelRoute: routeName,
      servedModel: route ? served : null,
      modelAttempts: route
        ? [
            ...(fellBack
              ? [
                  {
                    model: route[0]!,
                    status: 429,
                    outcome: 'rate_limited',
                    message: null,
                    latencyMs: 180,
                  },
                ]
              : []),
            {
              model: served,
              status,
              outcome: status === 200 ? 'answered' : 'upstream_error',
              message: null,
              latencyMs,
            },
          ]
        : [],
      stream: random() < 0.85,
      status,
      errorKind: cut ? 'upstream_disconnected' : status >= 400 ? 'upstream_error' : null,
      errorMessage: status >= 400 ? 'The upstream answered with an error.' : null,
      latencyMs,
      ttfbMs: status === 200 ? 300 + random() * 2_000 : null,
      attempts: status === 429 ? 3 : 1,
      cancelled,
      rules: passthrough ? [] : ['chat.stream_usage_requested'],
      dropped: [],
      usage: metered
        ? {
            inputTokens: input,
            outputTokens: output,
            totalTokens: input + output,
            cachedInputTokens: cached,
            cacheWriteTokens: 0,
            reasoningTokens: reasoning,
          }
        : null,
      usageEstimated: cut || cancelled,
      costUsd: metered ? costUsd : null,
      tariff: metered
        ? {
            kind: 'tokens',
            modelRatio: model.modelRatio,
            completionRatio: model.completionRatio,
            cacheRatio: 0.1,
            groupRatio: 1,
          }
        : null,
      capture: null,
      limitHold: null,
    };
  };

  const now = Date.now();
  const start = now - options.days * DAY;
  // Requests per day: weekends at under half a weekday, summing to exactly `rows`.
  const weights = Array.from({ length: options.days }, (_, d) => {
    const weekday = new Date(start + d * DAY).getUTCDay();
    return weekday === 0 || weekday === 6 ? 0.45 : 1;
  });
  const weightSum = weights.reduce((a, b) => a + b, 0);
  const perDay = weights.map((w) => Math.floor((options.rows * w) / weightSum));
  perDay[perDay.length - 1]! += options.rows - perDay.reduce((a, b) => a + b, 0);

  const columns =
    options.schema === 7
      ? LOG_COLUMN_NAMES
      : LOG_COLUMN_NAMES.filter(
          (c) => c !== 'model_route' && c !== 'served_model' && c !== 'model_attempts',
        );
  const insert = db.prepare<unknown[]>(
    `INSERT INTO request_log (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
  );
  const hourSum = HOURLY.reduce((a, b) => a + b, 0);
  const hourWeights = Object.fromEntries(HOURLY.map((w, h) => [String(h), w / hourSum]));
  let pending: RequestRecord[] = [];
  const write = db.transaction((records: readonly RequestRecord[]) => {
    for (const r of records) {
      const row = recordToColumns(r);
      insert.run(...columns.map((c) => row[c]));
    }
  });
  for (let d = 0; d < options.days; d += 1) {
    const dayStart = start + d * DAY;
    const times = Array.from({ length: perDay[d]! }, () => {
      const at = dayStart + Number(pick(hourWeights)) * HOUR + Math.floor(random() * HOUR);
      return Math.min(at, now - 1);
    }).sort((a, b) => a - b);
    for (const at of times) {
      pending.push(record(at));
      if (pending.length >= CHUNK) {
        write(pending);
        pending = [];
      }
    }
  }
  write(pending);
  if (options.schema === 7) {
    db.exec(`
      DELETE FROM usage_hourly;
      INSERT INTO usage_hourly
      SELECT (started_at / 3600000) * 3600000,
             coalesce(client_token_id, ''), coalesce(client, ''), coalesce(served_model, model, ''),
             coalesce(model_route, ''), coalesce(client_format, ''), coalesce(upstream_format, ''),
             route, count(*),
             sum(CASE WHEN status >= 400 OR error_kind IS NOT NULL THEN 1 ELSE 0 END),
             coalesce(sum(input_tokens), 0), coalesce(sum(output_tokens), 0),
             coalesce(sum(cached_tokens), 0), coalesce(sum(reasoning_tokens), 0),
             total(cost_usd), sum(usage_estimated)
      FROM request_log
      GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;
      DELETE FROM usage_daily;
      INSERT INTO usage_daily
      SELECT (hour / 86400000) * 86400000, client_token_id, client, model, model_route,
             client_format, upstream_format, route,
             sum(requests), sum(errors), sum(input_tokens), sum(output_tokens),
             sum(cached_tokens), sum(reasoning_tokens), total(cost_usd), sum(estimated_requests)
      FROM usage_hourly
      GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;
    `);
  }
  return {
    now,
    tokens: TOKENS.map(({ id, name }) => ({ id, name })),
    models: Object.keys(MODELS).length,
    routes: Object.keys(ROUTES).length,
    record,
  };
}
