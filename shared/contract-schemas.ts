import { z } from 'zod';
import {
  base64Bytes,
  formatBytes,
  IMAGE_TYPES,
  MAX_ATTACHMENTS,
  MAX_IMAGE_BYTES,
  MAX_MESSAGE_ATTACHMENT_BYTES,
  MAX_TEXT_FILE_BYTES,
} from './chat-attachments.ts';
import { tariffSchema } from './tariff.ts';
import { TOKENLESS_FORMATS, WIRE_FORMATS, type WireFormat } from './wire-formats.ts';

/**
 * Everything the main process receives over the contract (shared/contract.ts), as zod schemas:
 * the one definition of each method's params. `electron/services/method-params.ts` checks every
 * call with them before a use case sees it (the renderer is trusted no more than any HTTP
 * client: headless, it is one), and the contract's types are inferred from them. Objects are
 * strict, so a misspelt field is named rather than ignored.
 *
 * The renderer imports these only as types (`import type`, through shared/contract.ts), which
 * keeps zod out of its bundle.
 */

const id = z.string().min(1, 'must not be empty').max(200);
const epochMs = z.number().int().nonnegative();
const nonBlank = z.string().refine((s) => s.trim().length > 0, 'must not be empty');

/** `scheme://host[:port]` exactly, as a browser sends it in `Origin`. */
const isOrigin = (value: string): boolean => {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value;
  } catch {
    return false;
  }
};

// Settings

export const themeSchema = z.enum(['system', 'light', 'dark']);

/** The UI's language: the system's (English unless it prefers Chinese), or one chosen. */
export const languageSchema = z.enum(['system', 'en', 'zh-CN']);

export const appSettingsSchema = z.strictObject({
  port: z
    .number()
    .int('must be a whole number')
    .min(1, 'must be from 1 to 65535')
    .max(65535, 'must be from 1 to 65535'),
  captureBodies: z.boolean(),
  /** Origins granted CORS on the gateway (none by default). */
  allowedOrigins: z
    .array(
      z
        .string()
        .refine(
          isOrigin,
          'each origin is a scheme, host and optional port, e.g. http://localhost:3000 (no path or trailing slash)',
        ),
    )
    .max(100),
  retentionDays: z.number().int().min(1, 'keep the log at least 1 day').max(3650),
  theme: themeSchema,
  /** The packaged desktop app checks for and downloads its own updates (on by default). */
  autoUpdate: z.boolean(),
  language: languageSchema,
  /**
   * Formats whose clients may call without a token (loopback only, no foreign page): off for
   * every format by default. Only formats whose clients usually send no key may be listed.
   */
  clientsWithoutToken: z
    .array(
      z
        .enum(WIRE_FORMATS as [WireFormat, ...WireFormat[]])
        .refine(
          (format) => TOKENLESS_FORMATS.includes(format),
          'clients of this format always need a token',
        ),
    )
    .max(WIRE_FORMATS.length),
});
export type AppSettings = z.infer<typeof appSettingsSchema>;

/** `settings.update`: the settings that change; the others keep their value. */
export const settingsPatchSchema = appSettingsSchema.partial();
export type SettingsPatch = z.infer<typeof settingsPatchSchema>;

// Upstream profiles and the key

/** `profiles.save`: a new profile, or (with `id`) new values for one. */
export const profileSaveParamsSchema = z.strictObject({
  id: id.optional(),
  name: nonBlank.max(100),
  baseUrl: nonBlank.max(2000),
  pricingUrl: z.string().max(2000).nullable(),
});
export type ProfileSaveParams = z.infer<typeof profileSaveParamsSchema>;

/** `key.set`. The key is never echoed back, in an answer or in an error. */
export const keySetParamsSchema = z.strictObject({
  profileId: id,
  key: z.string().min(1, 'must not be empty'),
});
export type KeySetParams = z.infer<typeof keySetParamsSchema>;

/** `key.clear`. */
export const profileIdParamsSchema = z.strictObject({ profileId: id });
export type ProfileIdParams = z.infer<typeof profileIdParamsSchema>;

/** `upstream.test`: a profile, or the active one when left out. */
export const upstreamTestParamsSchema = z.strictObject({ profileId: id.optional() });
export type UpstreamTestParams = z.infer<typeof upstreamTestParamsSchema>;

/** Methods on one profile, token or conversation by its id. */
export const idParamsSchema = z.strictObject({ id });
export type IdParams = z.infer<typeof idParamsSchema>;

// Local tokens

/** `tokens.create`. */
export const tokenCreateParamsSchema = z.strictObject({ name: nonBlank.max(64) });
export type TokenCreateParams = z.infer<typeof tokenCreateParamsSchema>;

// Tools (agent CLIs connected to the gateway)

const toolIdSchema = z.enum(['claude-code', 'codex', 'gemini-cli', 'opencode', 'shell']);
export type ToolIdName = z.infer<typeof toolIdSchema>;

/** `tools.plan`, `tools.connect`: the tool and its model mapping (slot → catalog model). */
export const toolConnectParamsSchema = z.strictObject({
  tool: toolIdSchema,
  models: z.record(z.string().min(1).max(64), z.string().trim().min(1).max(2000)).optional(),
});
export type ToolConnectParams = z.infer<typeof toolConnectParamsSchema>;

export const toolIdParamsSchema = z.strictObject({ tool: toolIdSchema });
export type ToolIdParams = z.infer<typeof toolIdParamsSchema>;

// Models

/** `models.list`: `refresh` asks the upstream again instead of using the cached catalog. */
export const modelsListParamsSchema = z.strictObject({ refresh: z.boolean().optional() });
export type ModelsListParams = z.infer<typeof modelsListParamsSchema>;

/** What the user overrides of a model. A field left out keeps its override; null clears it. */
const modelOverrideInputSchema = z.strictObject({
  /** Path markers, ordered, the first preferred. */
  markers: z.array(z.string().min(1)).max(20).nullable().optional(),
  tariff: tariffSchema.nullable().optional(),
});
export type ModelOverrideInput = z.infer<typeof modelOverrideInputSchema>;

/** `models.setOverride`. */
export const modelOverrideParamsSchema = z.strictObject({
  modelId: id,
  override: modelOverrideInputSchema,
});
export type ModelOverrideParams = z.infer<typeof modelOverrideParamsSchema>;

/** `models.clearOverride`. */
export const modelIdParamsSchema = z.strictObject({ modelId: id });
export type ModelIdParams = z.infer<typeof modelIdParamsSchema>;

// Chat

/** `chat.create`. */
/**
 * A conversation's generation parameters, sent with each of its requests like any client's
 * (null or absent: the model's default).
 */
const chatParamsSchema = z.strictObject({
  temperature: z.number().min(0).max(2).nullable().optional(),
  maxTokens: z.number().int().positive().max(1_000_000).nullable().optional(),
  reasoningEffort: z.enum(['low', 'medium', 'high']).nullable().optional(),
});
export type ChatParams = z.infer<typeof chatParamsSchema>;

export const chatCreateParamsSchema = z.strictObject({
  model: z.string().min(1).nullable(),
  systemPrompt: z.string().nullable().optional(),
  title: z.string().max(200).optional(),
});
export type ChatCreateParams = z.infer<typeof chatCreateParamsSchema>;

/** `chat.update`: the fields that change. */
export const chatUpdateParamsSchema = z.strictObject({
  id,
  title: z.string().max(200).optional(),
  model: z.string().min(1).nullable().optional(),
  systemPrompt: z.string().nullable().optional(),
  params: chatParamsSchema.optional(),
});
export type ChatUpdateParams = z.infer<typeof chatUpdateParamsSchema>;

const attachmentName = z.string().min(1, 'must not be empty').max(255);
const base64 = z.string().regex(/^[A-Za-z0-9+/]+={0,2}$/, 'must be base64 without a data: prefix');

/** A file attached to a message; `size` is checked against the bytes it describes. */
const chatAttachmentSchema = z.discriminatedUnion('kind', [
  z
    .strictObject({
      kind: z.literal('image'),
      name: attachmentName,
      mimeType: z.enum(IMAGE_TYPES),
      data: base64,
      size: z.number().int().nonnegative(),
    })
    .refine((a) => a.size === base64Bytes(a.data), { path: ['size'], message: 'must match data' })
    .refine((a) => a.size <= MAX_IMAGE_BYTES, {
      path: ['data'],
      message: `an image can be at most ${formatBytes(MAX_IMAGE_BYTES)}`,
    }),
  z
    .strictObject({
      kind: z.literal('text'),
      name: attachmentName,
      text: z.string(),
      size: z.number().int().nonnegative(),
    })
    .refine((a) => a.size === new TextEncoder().encode(a.text).length, {
      path: ['size'],
      message: 'must match text',
    })
    .refine((a) => a.size <= MAX_TEXT_FILE_BYTES, {
      path: ['text'],
      message: `a text file can be at most ${formatBytes(MAX_TEXT_FILE_BYTES)}`,
    }),
]);

const attachmentsSchema = z
  .array(chatAttachmentSchema)
  .max(MAX_ATTACHMENTS, `at most ${MAX_ATTACHMENTS} files per message`)
  .refine((list) => list.reduce((n, a) => n + a.size, 0) <= MAX_MESSAGE_ATTACHMENT_BYTES, {
    message: `at most ${formatBytes(MAX_MESSAGE_ATTACHMENT_BYTES)} of files per message`,
  });

/** `chat.send`: text, attachments, or both; a message with files may have no text. */
export const chatSendParamsSchema = z
  .strictObject({
    conversationId: id,
    content: z.string(),
    attachments: attachmentsSchema.optional(),
  })
  .refine((p) => p.content.trim().length > 0 || (p.attachments?.length ?? 0) > 0, {
    path: ['content'],
    message: 'must not be empty',
  });
export type ChatSendParams = z.infer<typeof chatSendParamsSchema>;

/** `chat.edit`: a user message's new text, sent as a new version of it and answered. */
export const chatEditParamsSchema = z.strictObject({ messageId: id, content: nonBlank });
export type ChatEditParams = z.infer<typeof chatEditParamsSchema>;

/** `chat.search`: words looked for in titles and messages. */
export const chatSearchParamsSchema = z.strictObject({ query: z.string().max(500) });
export type ChatSearchParams = z.infer<typeof chatSearchParamsSchema>;

/** `chat.regenerate`. */
export const conversationIdParamsSchema = z.strictObject({ conversationId: id });
export type ConversationIdParams = z.infer<typeof conversationIdParamsSchema>;

/** `chat.stop`, `chat.showVersion`. */
export const messageIdParamsSchema = z.strictObject({ messageId: id });
export type MessageIdParams = z.infer<typeof messageIdParamsSchema>;

// Usage

const range = {
  /** Epoch ms, inclusive. */
  from: epochMs.optional(),
  /** Epoch ms, exclusive. */
  to: epochMs.optional(),
};

/** A time window; either end may be left open. */
export const usageRangeSchema = z.strictObject(range);
export type UsageRange = z.infer<typeof usageRangeSchema>;

const usageBucketSchema = z.enum(['hour', 'day']);
export type UsageBucket = z.infer<typeof usageBucketSchema>;

/**
 * `route` is the format path (`chat→gemini (translated)`), `modelRoute` the named model route
 * a request asked for (`coding`), `model` the model that answered.
 */
const usageDimensionSchema = z.enum(['model', 'token', 'route', 'modelRoute', 'day']);
export type UsageDimension = z.infer<typeof usageDimensionSchema>;

/** `usage.series`. */
export const usageSeriesParamsSchema = z.strictObject({ ...range, bucket: usageBucketSchema });
export type UsageSeriesParams = z.infer<typeof usageSeriesParamsSchema>;

/** `usage.by`. */
export const usageByParamsSchema = z.strictObject({ ...range, by: usageDimensionSchema });
export type UsageByParams = z.infer<typeof usageByParamsSchema>;

// Request log

export const logFilterSchema = z.strictObject({
  model: z.string().optional(),
  /** `ok`, `error` (a status of 400 or more, or a stream broken after a 200), or one HTTP status. */
  status: z
    .union([z.literal('ok'), z.literal('error'), z.number().int().min(100).max(599)])
    .optional(),
  /** The local token's name. */
  client: z.string().optional(),
  ...range,
  /** Substring of the request id, model, path or error message; ASCII letters match either case. */
  text: z.string().max(500).optional(),
  /** Requests that asked for this model route. */
  modelRoute: z.string().max(200).optional(),
  /** Only requests on which a route moved on to another model. */
  fellBack: z.boolean().optional(),
});
export type LogFilter = z.infer<typeof logFilterSchema>;

/**
 * Where a page of the log starts: after this row in the order newest first (`startedAt`, then
 * `id`, both descending). A search answers with the next one.
 */
const logCursorSchema = z.strictObject({
  startedAt: z.number().int(),
  id: z.number().int().nonnegative(),
});
export type LogCursor = z.infer<typeof logCursorSchema>;

/** `logs.search`: one page, newest first; the first without `after`. */
export const logSearchParamsSchema = z.strictObject({
  filter: logFilterSchema,
  limit: z.number().int().min(1).max(1000),
  after: logCursorSchema.optional(),
});
export type LogSearchParams = z.infer<typeof logSearchParamsSchema>;

/** `logs.get`, `chat.fromLog`. */
export const requestIdParamsSchema = z.strictObject({ requestId: id });
export type RequestIdParams = z.infer<typeof requestIdParamsSchema>;

const logExportFormatSchema = z.enum(['csv', 'jsonl']);
export type LogExportFormat = z.infer<typeof logExportFormatSchema>;

/** `logs.export`: every row the filter matches. */
export const logExportParamsSchema = z.strictObject({
  format: logExportFormatSchema,
  filter: logFilterSchema,
});
export type LogExportParams = z.infer<typeof logExportParamsSchema>;

// Model routes

/** A route's name: what a client sends as its model. */
const routeName = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(200)
  .refine((s) => !/[\s/?#]/.test(s), 'must not hold spaces, `/`, `?` or `#`');

/** A wait in milliseconds the user sets on a route; null takes the default. */
const routeWaitMs = z.number().int().min(100, 'at least 100 ms').max(600_000).nullable();

/** `routes.save`: a new route, or new values for one (`previousName` renames it). */
export const routeSaveParamsSchema = z.strictObject({
  name: routeName,
  previousName: routeName.optional(),
  models: z.array(z.string().trim().min(1, 'must not be empty').max(200)).max(20),
  /** Take the name even where the catalog has a model of that name. */
  shadow: z.boolean().optional(),
  /** A stream whose first byte takes longer than this moves on to the next model. */
  firstByteTimeoutMs: routeWaitMs.optional(),
  /** A 429 whose Retry-After is longer than this moves on at once instead of waiting. */
  maxRetryAfterMs: routeWaitMs.optional(),
});
export type RouteSaveParams = z.infer<typeof routeSaveParamsSchema>;

/** `routes.delete`, `routes.test`. */
export const routeNameParamsSchema = z.strictObject({ name: routeName });
export type RouteNameParams = z.infer<typeof routeNameParamsSchema>;

// Budgets and limits per local token

const usd = z
  .number()
  .positive('must be more than 0')
  .max(1_000_000, 'at most 1,000,000')
  .nullable();
const perMinute = z
  .number()
  .int('must be a whole number')
  .positive('must be more than 0')
  .max(1_000_000_000)
  .nullable();

/** A token's budgets and limits; null (or an empty list) leaves that one unlimited. */
export const tokenLimitsSchema = z.strictObject({
  /** USD per local day, week (from Monday) and month, from the metered (estimated) cost. */
  dailyUsd: usd,
  weeklyUsd: usd,
  monthlyUsd: usd,
  /** Requests per minute (a calendar minute). */
  rpm: perMinute,
  /** Tokens per minute: input and output of the requests of that minute. */
  tpm: perMinute,
  /** The models and routes the token may ask for; null: any. */
  models: z.array(z.string().trim().min(1).max(200)).max(500).nullable(),
  /** Once a budget is spent, requests go to this route until it resets instead of being refused. */
  thenRoute: routeName.nullable(),
});
export type TokenLimits = z.infer<typeof tokenLimitsSchema>;

/** `limits.get`. */
export const tokenIdParamsSchema = z.strictObject({ tokenId: id });
export type TokenIdParams = z.infer<typeof tokenIdParamsSchema>;

/** `limits.set`. */
export const limitsSetParamsSchema = z.strictObject({ tokenId: id, limits: tokenLimitsSchema });
export type LimitsSetParams = z.infer<typeof limitsSetParamsSchema>;
