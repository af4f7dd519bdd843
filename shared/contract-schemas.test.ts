import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import {
  appSettingsSchema,
  chatCreateParamsSchema,
  chatEditParamsSchema,
  chatSearchParamsSchema,
  chatSendParamsSchema,
  chatUpdateParamsSchema,
  conversationIdParamsSchema,
  idParamsSchema,
  keySetParamsSchema,
  limitsSetParamsSchema,
  logExportParamsSchema,
  logFilterSchema,
  logSearchParamsSchema,
  messageIdParamsSchema,
  modelIdParamsSchema,
  modelOverrideParamsSchema,
  modelsListParamsSchema,
  profileIdParamsSchema,
  profileSaveParamsSchema,
  requestIdParamsSchema,
  routeNameParamsSchema,
  routeSaveParamsSchema,
  settingsPatchSchema,
  tokenCreateParamsSchema,
  tokenIdParamsSchema,
  tokenLimitsSchema,
  toolConnectParamsSchema,
  toolIdParamsSchema,
  upstreamTestParamsSchema,
  usageByParamsSchema,
  usageRangeSchema,
  usageSeriesParamsSchema,
} from './contract-schemas.ts';
import type { ChatAttachment } from './chat-attachments.ts';
import type {
  AppSettings,
  LogFilter,
  MethodName,
  ModelOverrideInput,
  Params,
  Tariff,
  UsageRange,
} from './contract.ts';
import { NO_LIMITS } from './no-limits.ts';
import { TOKENLESS_FORMATS, WIRE_FORMATS, type WireFormat } from './wire-formats.ts';
import { defaultAppSettings } from '../test/doubles/settings/default-app-settings.ts';

/** The schema of each method that takes params: the ones method-params.ts checks calls with. */
const SCHEMAS = {
  'profiles.save': profileSaveParamsSchema,
  'profiles.activate': idParamsSchema,
  'profiles.delete': idParamsSchema,
  'key.set': keySetParamsSchema,
  'key.clear': profileIdParamsSchema,
  'upstream.test': upstreamTestParamsSchema,
  'settings.update': settingsPatchSchema,
  'tokens.create': tokenCreateParamsSchema,
  'tokens.revoke': idParamsSchema,
  'tools.plan': toolConnectParamsSchema,
  'tools.connect': toolConnectParamsSchema,
  'tools.disconnect': toolIdParamsSchema,
  'models.list': modelsListParamsSchema,
  'models.setOverride': modelOverrideParamsSchema,
  'models.clearOverride': modelIdParamsSchema,
  'chat.get': idParamsSchema,
  'chat.create': chatCreateParamsSchema,
  'chat.update': chatUpdateParamsSchema,
  'chat.delete': idParamsSchema,
  'chat.send': chatSendParamsSchema,
  'chat.stop': messageIdParamsSchema,
  'chat.edit': chatEditParamsSchema,
  'chat.search': chatSearchParamsSchema,
  'chat.deleteMessage': messageIdParamsSchema,
  'chat.regenerate': conversationIdParamsSchema,
  'chat.showVersion': messageIdParamsSchema,
  'chat.tree': idParamsSchema,
  'chat.fromLog': requestIdParamsSchema,
  'usage.totals': usageRangeSchema,
  'usage.series': usageSeriesParamsSchema,
  'usage.by': usageByParamsSchema,
  'logs.search': logSearchParamsSchema,
  'logs.get': requestIdParamsSchema,
  'logs.export': logExportParamsSchema,
  'routes.save': routeSaveParamsSchema,
  'routes.delete': routeNameParamsSchema,
  'routes.test': routeNameParamsSchema,
  'limits.get': tokenIdParamsSchema,
  'limits.set': limitsSetParamsSchema,
} as const;
type WithParams = keyof typeof SCHEMAS;

describe('contract schemas (types)', () => {
  it('cover every method that takes params', () => {
    type NoParams = { [M in MethodName]: Params<M> extends void ? M : never }[MethodName];
    expectTypeOf<WithParams>().toEqualTypeOf<Exclude<MethodName, NoParams>>();
  });

  it('type what the renderer sends and what the use cases receive alike (no transforms)', () => {
    expectTypeOf<{ [M in WithParams]: z.input<(typeof SCHEMAS)[M]> }>().toEqualTypeOf<{
      [M in WithParams]: Params<M>;
    }>();
    expectTypeOf<{ [M in WithParams]: z.output<(typeof SCHEMAS)[M]> }>().toEqualTypeOf<{
      [M in WithParams]: Params<M>;
    }>();
  });

  // The contract's types as they were written by hand before they were inferred: the pages are
  // typed against these shapes, so inferring them must not change one.
  it('keep the shapes the pages were written against', () => {
    expectTypeOf<AppSettings>().toEqualTypeOf<{
      port: number;
      captureBodies: boolean;
      allowedOrigins: string[];
      retentionDays: number;
      theme: 'system' | 'light' | 'dark';
      autoUpdate: boolean;
      language: 'system' | 'en' | 'zh-CN';
      clientsWithoutToken: WireFormat[];
    }>();
    expectTypeOf<Params<'settings.update'>>().toEqualTypeOf<Partial<AppSettings>>();
    expectTypeOf<ModelOverrideInput>().toEqualTypeOf<{
      markers?: string[] | null;
      tariff?: Tariff | null;
    }>();
    expectTypeOf<UsageRange>().toEqualTypeOf<{ from?: number; to?: number }>();
    expectTypeOf<LogFilter>().toEqualTypeOf<{
      model?: string;
      status?: 'ok' | 'error' | number;
      client?: string;
      from?: number;
      to?: number;
      text?: string;
      modelRoute?: string;
      fellBack?: boolean;
    }>();
    expectTypeOf<Params<'profiles.save'>>().toEqualTypeOf<{
      id?: string;
      name: string;
      baseUrl: string;
      pricingUrl: string | null;
    }>();
    expectTypeOf<Params<'key.set'>>().toEqualTypeOf<{ profileId: string; key: string }>();
    expectTypeOf<Params<'upstream.test'>>().toEqualTypeOf<{ profileId?: string }>();
    expectTypeOf<Params<'models.list'>>().toEqualTypeOf<{ refresh?: boolean }>();
    expectTypeOf<Params<'models.setOverride'>>().toEqualTypeOf<{
      modelId: string;
      override: ModelOverrideInput;
    }>();
    expectTypeOf<Params<'chat.create'>>().toEqualTypeOf<{
      model: string | null;
      systemPrompt?: string | null;
      title?: string;
    }>();
    expectTypeOf<Params<'chat.update'>>().toEqualTypeOf<{
      id: string;
      title?: string;
      model?: string | null;
      systemPrompt?: string | null;
      params?: {
        temperature?: number | null;
        maxTokens?: number | null;
        reasoningEffort?: 'low' | 'medium' | 'high' | null;
      };
    }>();
    expectTypeOf<Params<'chat.send'>>().toEqualTypeOf<{
      conversationId: string;
      content: string;
      attachments?: ChatAttachment[];
    }>();
    // `.branded`: an intersection is the same type as the object it flattens to.
    expectTypeOf<Params<'usage.series'>>().branded.toEqualTypeOf<
      UsageRange & { bucket: 'hour' | 'day' }
    >();
    expectTypeOf<Params<'usage.by'>>().branded.toEqualTypeOf<
      UsageRange & { by: 'model' | 'token' | 'route' | 'modelRoute' | 'day' }
    >();
    expectTypeOf<Params<'logs.search'>>().toEqualTypeOf<{
      filter: LogFilter;
      limit: number;
      after?: { startedAt: number; id: number } | undefined;
    }>();
    expectTypeOf<Params<'logs.export'>>().toEqualTypeOf<{
      format: 'csv' | 'jsonl';
      filter: LogFilter;
    }>();
  });
});

describe('contract schemas (values)', () => {
  it('name a field no method takes instead of ignoring it', () => {
    for (const [method, schema] of Object.entries(SCHEMAS)) {
      const result = schema.safeParse({ unexpected: 1 });
      expect(
        result.error?.issues.some((issue) => issue.code === 'unrecognized_keys'),
        method,
      ).toBe(true);
    }
  });

  it('accept the default settings, and a patch of any of them', () => {
    const defaults: AppSettings = defaultAppSettings();
    expect(appSettingsSchema.parse(defaults)).toEqual(defaults);
    expect(settingsPatchSchema.parse({})).toEqual({});
    expect(settingsPatchSchema.parse({ theme: 'dark' })).toEqual({ theme: 'dark' });
    expect(settingsPatchSchema.parse({ language: 'zh-CN' })).toEqual({ language: 'zh-CN' });
    expect(settingsPatchSchema.safeParse({ language: 'fr' }).success).toBe(false);
  });

  it('let only formats whose clients usually send no key go without a token', () => {
    const allow = (formats: unknown) =>
      settingsPatchSchema.safeParse({ clientsWithoutToken: formats }).success;
    expect(TOKENLESS_FORMATS).toContain('ollama');
    expect(allow([...TOKENLESS_FORMATS])).toBe(true);
    for (const format of WIRE_FORMATS.filter((f) => !TOKENLESS_FORMATS.includes(f)))
      expect(allow([format]), format).toBe(false);
    expect(allow(['smtp'])).toBe(false);
  });

  it('are strict, nested and extended schemas too', () => {
    expect(settingsPatchSchema.safeParse({ them: 'dark' }).success).toBe(false);
    expect(usageSeriesParamsSchema.safeParse({ bucket: 'hour', form: 0 }).success).toBe(false);
    expect(logFilterSchema.safeParse({ modle: 'x' }).success).toBe(false);
    expect(
      modelOverrideParamsSchema.safeParse({ modelId: 'm', override: { tarif: null } }).success,
    ).toBe(false);
  });

  it('check the tariff inside an override', () => {
    const override = (tariff: unknown) =>
      modelOverrideParamsSchema.safeParse({ modelId: 'm', override: { tariff } }).success;
    expect(override(null)).toBe(true);
    expect(override({ kind: 'per-call', modelPrice: 0.04, groupRatio: 1 })).toBe(true);
    expect(override({ kind: 'per-call', modelPrice: -0.04, groupRatio: 1 })).toBe(false);
    expect(override({ kind: 'flat', modelPrice: 0.04, groupRatio: 1 })).toBe(false);
  });

  it('check attached files: types, sizes against their bytes, and the limits', () => {
    const send = (attachments: unknown[], content = '') =>
      chatSendParamsSchema.safeParse({ conversationId: 'c', content, attachments });
    const png = { kind: 'image', name: 'a.png', mimeType: 'image/png', data: 'iVBORw0=', size: 5 };
    const note = { kind: 'text', name: 'n.md', text: 'héllo', size: 6 };
    expect(send([png, note]).success).toBe(true);
    // Files alone are a message; nothing at all is not.
    expect(send([]).success).toBe(false);
    expect(send([], 'text only').success).toBe(true);
    expect(send([{ ...png, mimeType: 'image/bmp' }]).success).toBe(false);
    expect(send([{ ...png, data: 'data:image/png;base64,iVBORw0=' }]).success).toBe(false);
    expect(send([{ ...png, size: 4 }]).success).toBe(false);
    expect(send([{ ...note, size: 5 }]).success).toBe(false);
    const big = 'A'.repeat(Math.ceil(((5 * 1024 * 1024 + 3) * 4) / 3 / 4) * 4);
    const tooBig = send([{ ...png, data: big, size: (big.length * 3) / 4 }]);
    expect(tooBig.error?.issues[0]?.message).toMatch(/at most 5 MB/);
    expect(send(Array.from({ length: 11 }, () => note)).success).toBe(false);
  });

  it('check routes: a usable name, waits in range', () => {
    const save = (params: Record<string, unknown>) =>
      routeSaveParamsSchema.safeParse({ name: 'coding', models: ['a'], ...params }).success;
    expect(save({})).toBe(true);
    expect(save({ name: '  ' })).toBe(false);
    expect(save({ name: 'two words' })).toBe(false);
    expect(save({ name: 'a/b' })).toBe(false);
    expect(save({ firstByteTimeoutMs: 5_000, maxRetryAfterMs: null })).toBe(true);
    expect(save({ firstByteTimeoutMs: 10 })).toBe(false);
  });

  it('check limits: positive numbers or none, whole per-minute counts', () => {
    const limits = (patch: Record<string, unknown>) =>
      tokenLimitsSchema.safeParse({ ...NO_LIMITS, ...patch }).success;
    expect(limits({})).toBe(true);
    expect(limits({ dailyUsd: 5, rpm: 60, tpm: 200_000, models: ['a'], thenRoute: 'cheap' })).toBe(
      true,
    );
    expect(limits({ dailyUsd: -1 })).toBe(false);
    expect(limits({ dailyUsd: 0 })).toBe(false);
    expect(limits({ dailyUsd: Number.NaN })).toBe(false);
    expect(limits({ rpm: 1.5 })).toBe(false);
    expect(limits({ weeklyUsd: '5' })).toBe(false);
  });
});
