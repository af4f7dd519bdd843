import type { MessageCreateParamsBase as BetaMessageCreateParamsBase } from '@anthropic-ai/sdk/resources/beta/messages/messages';
import type { MessageCreateParamsBase } from '@anthropic-ai/sdk/resources/messages';
import { describe, expect, it } from 'vitest';
import { errorOf } from '../../../../test/doubles/gateway-error-of.ts';
import { applyFieldPolicy } from '../field-policy.ts';
import { ANTHROPIC_REQUEST_POLICY } from './anthropic-field-policy.ts';
import { testContext } from '../../../../test/doubles/formats/anthropic-test-support.ts';

/**
 * Every field of the SDK's request types (GA and beta), plus the sampling fields of older API
 * versions. Typed as a Record over the SDK's keys, so a field the SDK adds (or drops) breaks
 * the type check until it is classified here and in the policy.
 */
type Field =
  | keyof MessageCreateParamsBase
  | keyof BetaMessageCreateParamsBase
  | 'temperature'
  | 'top_p'
  | 'top_k';

const EVERY_FIELD: Record<Field, true> = {
  max_tokens: true,
  messages: true,
  model: true,
  billing_policy: true,
  cache_control: true,
  compaction: true,
  container: true,
  context_management: true,
  diagnostics: true,
  fallback_credit_token: true,
  fallbacks: true,
  inference_geo: true,
  mcp_servers: true,
  metadata: true,
  output_config: true,
  output_format: true,
  service_tier: true,
  speed: true,
  stop_sequences: true,
  stream: true,
  system: true,
  thinking: true,
  thread: true,
  tool_choice: true,
  tools: true,
  betas: true,
  user_profile_id: true,
  workspace_id: true,
  temperature: true,
  top_p: true,
  top_k: true,
};

describe('the Messages request field policy', () => {
  it('classifies every field of the SDK request types as carried, dropped or refused', () => {
    const { carried, dropped, refused } = ANTHROPIC_REQUEST_POLICY;
    const unclassified = Object.keys(EVERY_FIELD).filter(
      (field) => !carried.includes(field) && !(field in dropped) && !(field in refused),
    );
    expect(unclassified).toEqual([]);
    // …and nothing the SDK does not have.
    const known = new Set(Object.keys(EVERY_FIELD));
    expect(
      [...carried, ...Object.keys(dropped), ...Object.keys(refused)].filter((f) => !known.has(f)),
    ).toEqual([]);
  });

  it('drops hints by path under their rules', () => {
    const ctx = testContext();
    applyFieldPolicy(
      {
        model: 'm',
        metadata: { user_id: 'u' },
        service_tier: 'auto',
        context_management: {},
        fallbacks: [],
        billing_policy: {},
      },
      ANTHROPIC_REQUEST_POLICY,
      ctx,
    );
    expect(ctx.dropped).toEqual([
      'metadata',
      'service_tier',
      'context_management',
      'fallbacks',
      'billing_policy',
    ]);
    expect(ctx.rules).toEqual([
      'anthropic.metadata_dropped',
      'anthropic.service_tier_dropped',
      'anthropic.context_management_dropped',
      'anthropic.fallbacks_dropped',
      'anthropic.billing_policy_dropped',
    ]);
  });

  it('refuses a server-side thread continuation, with the reason', () => {
    const error = errorOf(() =>
      applyFieldPolicy(
        { thread: { type: 'continue', previous_message_id: 'msg_1' } },
        ANTHROPIC_REQUEST_POLICY,
        testContext(),
      ),
    );
    expect(error.status).toBe(400);
    expect(error.param).toBe('thread');
    expect(error.message).toContain('whole conversation');
  });
});
