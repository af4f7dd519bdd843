import { describe, expect, it } from 'vitest';
import { errorOf } from '../../../../test/doubles/gateway-error-of.ts';
import { applyFieldPolicy } from '../field-policy.ts';
import {
  CHAT_MESSAGE_POLICY,
  CHAT_REQUEST_POLICY,
  CHAT_STREAM_OPTIONS_POLICY,
} from './chat-field-policy.ts';
import { testContext } from '../../../../test/doubles/formats/chat-test-context.ts';

describe('chat field policies', () => {
  it('drops hints under their rule ids', () => {
    const ctx = testContext();
    applyFieldPolicy(
      {
        model: 'm',
        messages: [],
        user: 'u',
        metadata: {},
        store: false,
        service_tier: 'auto',
        prompt_cache_key: 'k',
        safety_identifier: 's',
        verbosity: 'low',
        web_search_options: {},
      },
      CHAT_REQUEST_POLICY,
      ctx,
    );
    expect(ctx.rules).toEqual([
      'chat.user_dropped',
      'chat.metadata_dropped',
      'chat.store_dropped',
      'chat.service_tier_dropped',
      'chat.prompt_cache_key_dropped',
      'chat.safety_identifier_dropped',
      'chat.verbosity_dropped',
      'chat.web_search_dropped',
    ]);
    expect(ctx.dropped).toEqual([
      'user',
      'metadata',
      'store',
      'service_tier',
      'prompt_cache_key',
      'safety_identifier',
      'verbosity',
      'web_search_options',
    ]);
  });

  it('drops the name LangChain puts on a tool message, with its path', () => {
    const ctx = testContext();
    applyFieldPolicy(
      { role: 'tool', content: 'sunny', tool_call_id: 'call_1', name: 'get_weather' },
      CHAT_MESSAGE_POLICY.tool!,
      ctx,
      'messages.2',
    );
    expect(ctx.dropped).toEqual(['messages.2.name']);
    expect(ctx.rules).toEqual(['chat.message_name_dropped']);
  });

  it.each(['logit_bias', 'top_logprobs', 'audio', 'prediction'])(
    'refuses %s naming it',
    (field) => {
      const error = errorOf(() =>
        applyFieldPolicy({ [field]: {} }, CHAT_REQUEST_POLICY, testContext()),
      );
      expect(error.status).toBe(400);
      expect(error.param).toBe(field);
    },
  );

  it('points legacy functions at tools', () => {
    const error = errorOf(() =>
      applyFieldPolicy({ functions: [] }, CHAT_REQUEST_POLICY, testContext()),
    );
    expect(error.message).toMatch(/use tools/);
  });

  it('refuses an unknown field', () => {
    expect(
      errorOf(() => applyFieldPolicy({ frobnicate: 1 }, CHAT_REQUEST_POLICY, testContext())).param,
    ).toBe('frobnicate');
  });

  it('drops include_obfuscation inside stream_options', () => {
    const ctx = testContext();
    applyFieldPolicy(
      { include_usage: true, include_obfuscation: false },
      CHAT_STREAM_OPTIONS_POLICY,
      ctx,
      'stream_options',
    );
    expect(ctx.rules).toEqual(['chat.include_obfuscation_dropped']);
  });

  it('refuses assistant audio with the message path', () => {
    const error = errorOf(() =>
      applyFieldPolicy(
        { role: 'assistant', audio: { id: 'a' } },
        CHAT_MESSAGE_POLICY.assistant!,
        testContext(),
        'messages.2',
      ),
    );
    expect(error.param).toBe('messages.2.audio');
  });
});
