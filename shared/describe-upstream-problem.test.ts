import { describe, expect, it } from 'vitest';
import type { ConnectionTest, UpstreamHealth } from './contract.ts';
import {
  describeChatError,
  describeConnectionTest,
  describeErrorText,
  describeHealth,
  healthLabel,
} from './describe-upstream-problem.ts';
import { createMainI18n } from '../electron/main/main-i18n.ts';

// The wording is the catalogs'; the English one here, Chinese at the end.
const { t } = createMainI18n(() => ['en-US']);

const health = (patch: Partial<UpstreamHealth>): UpstreamHealth => ({
  state: 'ok',
  detail: null,
  httpStatus: null,
  retryAfterSeconds: null,
  baseUrl: 'http://127.0.0.1:9000',
  checkedAt: 1,
  ...patch,
});

describe('describeErrorText (a chat answer’s error, as the gateway words it)', () => {
  it('tells a stopped upstream from a model error', () => {
    const down = describeErrorText(
      'Cannot reach the upstream at http://127.0.0.1:9 (ECONNREFUSED).',
      t,
    );
    expect(down).toMatchObject({
      kind: 'unreachable',
      heading: 'Cannot reach the upstream',
      actions: ['retry', 'open_upstream_settings'],
      detail: 'Cannot reach the upstream at http://127.0.0.1:9 (ECONNREFUSED).',
    });
    expect(describeErrorText('The upstream did not answer in time.', t).kind).toBe('unreachable');
  });

  it('says a rejected key and sends to the key field', () => {
    const text =
      "The upstream rejected the gateway's upstream key (401): Invalid or missing API key. Send Authorization: Bearer <key> (simulated upstream).. Set a valid key in Settings, or MODEL_GATEWAY_UPSTREAM_KEY when headless.";
    expect(describeErrorText(text, t)).toMatchObject({
      kind: 'key_rejected',
      heading: 'The upstream rejected the key',
      actions: ['open_key_settings'],
    });
    expect(describeErrorText('The gateway has no upstream key to use: none stored', t).kind).toBe(
      'no_key',
    );
  });

  it('says a model cannot chat, and offers another model', () => {
    expect(
      describeErrorText(
        "Model 'sim-embed' is not a generation model (its endpoints: embeddings).",
        t,
      ),
    ).toMatchObject({
      kind: 'model_cannot_chat',
      heading: 'This model cannot chat',
      actions: ['pick_model'],
    });
  });

  it('says rate limited, with the wait when the upstream names one', () => {
    const limited = describeErrorText(
      'Rate limit reached for requests (simulated). Please retry after the indicated delay.',
      t,
    );
    expect(limited).toMatchObject({ kind: 'rate_limited', heading: 'Rate limited' });
    expect(limited.retryAfterSeconds).toBeNull();
    const timed = describeErrorText('Too many requests, please try again in 2.5 seconds.', t);
    expect(timed.retryAfterSeconds).toBe(3);
    expect(timed.sentence).toContain('Retry after 3 s.');
  });

  it('keeps server errors, the balance and the local gateway apart from the model', () => {
    expect(
      describeErrorText('The server had an error while processing your request (simulated).', t)
        .kind,
    ).toBe('upstream_error');
    expect(describeErrorText('The upstream connection closed mid-stream: reset', t).kind).toBe(
      'upstream_error',
    );
    expect(
      describeErrorText('Insufficient account balance. Add funds in the dashboard to continue.', t)
        .kind,
    ).toBe('account_limit');
    expect(
      describeErrorText('Cannot reach the gateway at http://127.0.0.1:8787: fetch failed', t),
    ).toMatchObject({ kind: 'gateway_down', actions: ['open_gateway_settings'] });
  });

  it('calls only what is left the model’s error', () => {
    for (const text of [
      'Invalid content type. image_url is only supported by certain models.',
      'max_tokens must be at most 512 for this model.',
    ]) {
      expect(describeErrorText(text, t)).toMatchObject({
        kind: 'model_error',
        heading: 'The model answered with an error',
        detail: text,
      });
    }
  });
});

describe('describeChatError (a failed answer, by the kind stored with it)', () => {
  it('words it by its stored kind, whatever its text says', () => {
    // Text that matching would call a rate limit; the stored kind says the key was rejected.
    const text = 'Error 429: invalid api key for this rate-limited account';
    expect(describeChatError({ error: text, errorKind: 'key_rejected' }, t)).toMatchObject({
      kind: 'key_rejected',
      heading: 'The upstream rejected the key',
      actions: ['open_key_settings'],
      detail: text,
    });
    // Text that matches nothing; the stored kind says the upstream could not be reached.
    expect(describeChatError({ error: 'fetch failed', errorKind: 'unreachable' }, t)).toMatchObject(
      {
        kind: 'unreachable',
        heading: 'Cannot reach the upstream',
        actions: ['retry', 'open_upstream_settings'],
      },
    );
    expect(
      describeChatError({ error: 'Quota gone.', errorKind: 'account_limit' }, t),
    ).toMatchObject({
      kind: 'account_limit',
      actions: [],
    });
    expect(describeChatError({ error: 'no', errorKind: 'gateway_down' }, t).actions).toEqual([
      'open_gateway_settings',
    ]);
  });

  it('keeps the wait a rate limit names in its words', () => {
    expect(
      describeChatError({ error: 'Slow down. Retry after 20 s.', errorKind: 'rate_limited' }, t),
    ).toMatchObject({
      kind: 'rate_limited',
      retryAfterSeconds: 20,
      sentence: 'The upstream is limiting requests for this key or model. Retry after 20 s.',
    });
    expect(
      describeChatError({ error: 'Too many.', errorKind: 'rate_limited' }, t).retryAfterSeconds,
    ).toBeNull();
  });

  it('words answers stored before kinds were by their text, as before', () => {
    for (const text of [
      'Cannot reach the upstream at http://127.0.0.1:9 (ECONNREFUSED).',
      "The upstream rejected the gateway's upstream key (401): bad key.",
      'Rate limit reached. Retry after 3 s.',
      'max_tokens must be at most 512 for this model.',
    ]) {
      expect(describeChatError({ error: text, errorKind: null }, t)).toEqual(
        describeErrorText(text, t),
      );
    }
  });
});

describe('describeHealth', () => {
  it('is nothing while ok or not yet checked', () => {
    expect(describeHealth(health({ state: 'ok' }), t)).toBeNull();
    expect(describeHealth(health({ state: 'checking' }), t)).toBeNull();
  });

  it('names the upstream that cannot be reached', () => {
    const problem = describeHealth(
      health({ state: 'unreachable', detail: 'connection refused' }),
      t,
    );
    expect(problem?.heading).toBe('Cannot reach the upstream');
    expect(problem?.sentence).toContain('http://127.0.0.1:9000');
    expect(problem?.detail).toBe('connection refused');
  });

  it('words each failing state apart', () => {
    expect(describeHealth(health({ state: 'key_rejected' }), t)?.heading).toBe(
      'The upstream rejected the key',
    );
    expect(
      describeHealth(health({ state: 'rate_limited', retryAfterSeconds: 20 }), t),
    ).toMatchObject({
      heading: 'Rate limited',
      retryAfterSeconds: 20,
    });
    expect(describeHealth(health({ state: 'upstream_error' }), t)?.kind).toBe('upstream_error');
    expect(describeHealth(health({ state: 'not_configured' }), t)?.actions).toEqual([
      'open_key_settings',
    ]);
  });

  it('has a short header label for every state', () => {
    expect(healthLabel(health({ state: 'unreachable' }), t)).toBe('Upstream unreachable');
    expect(healthLabel(health({ state: 'key_rejected' }), t)).toBe('Key rejected');
    expect(healthLabel(health({ state: 'ok' }), t)).toBe('Upstream reachable');
  });
});

describe('describeConnectionTest', () => {
  const test = (patch: Partial<ConnectionTest>): ConnectionTest => ({
    ok: false,
    state: 'unreachable',
    modelCount: 0,
    latencyMs: 3,
    message: 'Cannot connect to http://127.0.0.1:9: connection refused.',
    ...patch,
  });

  it('titles a 401 as a rejected key and a refused connection as unreachable', () => {
    expect(describeConnectionTest(test({ state: 'key_rejected' }), t)?.heading).toBe(
      'The upstream rejected the key',
    );
    expect(describeConnectionTest(test({}), t)?.heading).toBe('Cannot reach the upstream');
    expect(describeConnectionTest(test({ ok: true, state: 'ok' }), t)).toBeNull();
  });
});

describe('in Chinese', () => {
  const zh = createMainI18n(() => ['zh-CN']).t;

  it('words the same problems from the same catalogs, with the upstream and the wait in them', () => {
    const problem = describeHealth(health({ state: 'unreachable' }), zh);
    expect(problem?.heading).toBe('无法连接上游');
    expect(problem?.sentence).toContain('http://127.0.0.1:9000');
    expect(healthLabel(health({ state: 'rate_limited' }), zh)).toBe('已被限速');
    expect(
      describeChatError({ error: 'Retry after 20 s.', errorKind: 'rate_limited' }, zh).sentence,
    ).toContain('20 秒后重试');
    // A problem found without an upstream URL names it in the reader's language too.
    expect(describeErrorText('Cannot reach the upstream at x', zh).sentence).toContain('上游');
  });
});
