import { z } from 'zod';
import type { MethodName, Params } from '../../shared/contract.ts';

/**
 * The params of every contract method, checked before a use case sees them: the renderer is
 * trusted no more than any HTTP client (headless, it is one). Objects are strict, so a
 * misspelt field is named rather than ignored.
 */

const none = z.unknown().transform((): void => undefined);
const id = z.string().min(1, 'must not be empty').max(200);
const epochMs = z.number().int().nonnegative();
const ratio = z.number().finite().nonnegative();

const tariff = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('tokens'),
    modelRatio: ratio,
    completionRatio: ratio,
    cacheRatio: ratio,
    groupRatio: ratio,
  }),
  z.strictObject({ kind: z.literal('per-call'), modelPrice: ratio, groupRatio: ratio }),
]);

const range = { from: epochMs.optional(), to: epochMs.optional() };

const logFilter = z.strictObject({
  model: z.string().optional(),
  status: z
    .union([z.literal('ok'), z.literal('error'), z.number().int().min(100).max(599)])
    .optional(),
  client: z.string().optional(),
  ...range,
  text: z.string().max(500).optional(),
});

/** `scheme://host[:port]` exactly, as a browser sends it in `Origin`. */
const isOrigin = (value: string): boolean => {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value;
  } catch {
    return false;
  }
};

const settingsPatch = z.strictObject({
  port: z
    .number()
    .int('must be a whole number')
    .min(1, 'must be from 1 to 65535')
    .max(65535, 'must be from 1 to 65535')
    .optional(),
  captureBodies: z.boolean().optional(),
  allowedOrigins: z
    .array(
      z
        .string()
        .refine(
          isOrigin,
          'each origin is a scheme, host and optional port, e.g. http://localhost:3000 (no path or trailing slash)',
        ),
    )
    .max(100)
    .optional(),
  retentionDays: z.number().int().min(1, 'keep the log at least 1 day').max(3650).optional(),
  theme: z.enum(['system', 'light', 'dark']).optional(),
});

const nonBlank = z.string().refine((s) => s.trim().length > 0, 'must not be empty');

/** Params whose fields are all optional may be left out altogether. */
const optionalObject = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => value ?? {}, schema);

export const METHOD_PARAMS: { [M in MethodName]: z.ZodType<Params<M>> } = {
  'app.status': none,

  'profiles.list': none,
  'profiles.save': z.strictObject({
    id: id.optional(),
    name: nonBlank.max(100),
    baseUrl: nonBlank.max(2000),
    pricingUrl: z.string().max(2000).nullable(),
  }),
  'profiles.activate': z.strictObject({ id }),
  'profiles.delete': z.strictObject({ id }),
  'key.set': z.strictObject({ profileId: id, key: z.string().min(1, 'must not be empty') }),
  'key.clear': z.strictObject({ profileId: id }),
  'upstream.test': optionalObject(z.strictObject({ profileId: id.optional() })),

  'settings.get': none,
  'settings.update': optionalObject(settingsPatch),

  'tokens.list': none,
  'tokens.create': z.strictObject({ name: nonBlank.max(64) }),
  'tokens.revoke': z.strictObject({ id }),

  'models.list': optionalObject(z.strictObject({ refresh: z.boolean().optional() })),
  'models.setOverride': z.strictObject({
    modelId: id,
    override: z.strictObject({
      markers: z.array(z.string().min(1)).max(20).nullable().optional(),
      tariff: tariff.nullable().optional(),
    }),
  }),
  'models.clearOverride': z.strictObject({ modelId: id }),

  'chat.list': none,
  'chat.get': z.strictObject({ id }),
  'chat.create': z.strictObject({
    model: z.string().min(1).nullable(),
    systemPrompt: z.string().nullable().optional(),
    title: z.string().max(200).optional(),
  }),
  'chat.update': z.strictObject({
    id,
    title: z.string().max(200).optional(),
    model: z.string().min(1).nullable().optional(),
    systemPrompt: z.string().nullable().optional(),
  }),
  'chat.delete': z.strictObject({ id }),
  'chat.send': z.strictObject({ conversationId: id, content: nonBlank }),
  'chat.stop': z.strictObject({ messageId: id }),
  'chat.regenerate': z.strictObject({ conversationId: id }),

  'usage.totals': optionalObject(z.strictObject(range)),
  'usage.series': z.strictObject({ ...range, bucket: z.enum(['hour', 'day']) }),
  'usage.by': z.strictObject({ ...range, by: z.enum(['model', 'token', 'route', 'day']) }),

  'logs.search': z.strictObject({
    filter: logFilter,
    limit: z.number().int().min(1).max(1000),
    offset: z.number().int().nonnegative(),
  }),
  'logs.get': z.strictObject({ requestId: id }),
  'logs.export': z.strictObject({ format: z.enum(['csv', 'jsonl']), filter: logFilter }),
};

/** Zod's issues as one line that names each field, e.g. `port: must be from 1 to 65535`. */
export function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues
    .slice(0, 3)
    .map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : 'params'}: ${issue.message}`)
    .join('; ');
}
