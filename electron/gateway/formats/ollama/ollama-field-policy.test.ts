import { describe, expect, it } from 'vitest';
import { applyFieldPolicy } from '../field-policy.ts';
import {
  OLLAMA_CHAT_REQUEST_POLICY,
  OLLAMA_GENERATE_REQUEST_POLICY,
  OLLAMA_OPTIONS_POLICY,
} from './ollama-field-policy.ts';
import { testContext } from '../../../../test/doubles/formats/test-context.ts';
import { errorOf } from '../../../../test/doubles/gateway-error-of.ts';

/** Every key of ollama-js 0.6.4's `Options`, the fields an Ollama client may put in `options`. */
const OLLAMA_JS_OPTIONS = [
  'numa',
  'num_ctx',
  'num_batch',
  'num_gpu',
  'main_gpu',
  'low_vram',
  'f16_kv',
  'logits_all',
  'vocab_only',
  'use_mmap',
  'use_mlock',
  'embedding_only',
  'num_thread',
  'num_keep',
  'seed',
  'num_predict',
  'top_k',
  'top_p',
  'min_p',
  'tfs_z',
  'typical_p',
  'repeat_last_n',
  'temperature',
  'repeat_penalty',
  'presence_penalty',
  'frequency_penalty',
  'mirostat',
  'mirostat_tau',
  'mirostat_eta',
  'penalize_newline',
  'stop',
];

const classified = (policy: typeof OLLAMA_OPTIONS_POLICY) => [
  ...policy.carried,
  ...Object.keys(policy.dropped),
  ...Object.keys(policy.refused),
];

describe('Ollama field policies', () => {
  it('classify every option of ollama-js and every field of ChatRequest and GenerateRequest', () => {
    for (const option of OLLAMA_JS_OPTIONS)
      expect(classified(OLLAMA_OPTIONS_POLICY)).toContain(option);
    // ollama-js 0.6.4 ChatRequest, plus the Ollama server's truncate / shift / _debug_render_only.
    for (const field of [
      'model',
      'messages',
      'stream',
      'format',
      'keep_alive',
      'tools',
      'think',
      'logprobs',
      'top_logprobs',
      'options',
      'truncate',
      'shift',
      '_debug_render_only',
    ])
      expect(classified(OLLAMA_CHAT_REQUEST_POLICY)).toContain(field);
    for (const field of [
      'model',
      'prompt',
      'suffix',
      'system',
      'template',
      'context',
      'stream',
      'raw',
      'format',
      'images',
      'keep_alive',
      'think',
      'logprobs',
      'top_logprobs',
      'width',
      'height',
      'steps',
      'options',
      'truncate',
      'shift',
      '_debug_render_only',
    ])
      expect(classified(OLLAMA_GENERATE_REQUEST_POLICY)).toContain(field);
  });

  it('drops runtime options by name under their rules', () => {
    const ctx = testContext();
    applyFieldPolicy(
      { num_ctx: 8192, num_gpu: 1, repeat_penalty: 1.1, mirostat: 0, temperature: 0.2 },
      OLLAMA_OPTIONS_POLICY,
      ctx,
      'options',
    );
    expect(ctx.dropped).toEqual([
      'options.num_ctx',
      'options.num_gpu',
      'options.repeat_penalty',
      'options.mirostat',
    ]);
    expect(ctx.rules).toEqual(['ollama.runtime_option_dropped', 'ollama.sampler_option_dropped']);
  });

  it('drops keep_alive and refuses image generation and unknown fields', () => {
    const ctx = testContext();
    applyFieldPolicy({ model: 'm', keep_alive: '5m' }, OLLAMA_CHAT_REQUEST_POLICY, ctx);
    expect(ctx.dropped).toEqual(['keep_alive']);
    expect(ctx.rules).toEqual(['ollama.keep_alive_dropped']);
    expect(
      errorOf(() => applyFieldPolicy({ width: 512 }, OLLAMA_GENERATE_REQUEST_POLICY, testContext()))
        .message,
    ).toMatch(/'width' cannot be translated: image generation/);
    expect(
      errorOf(() => applyFieldPolicy({ novel: 1 }, OLLAMA_CHAT_REQUEST_POLICY, testContext()))
        .param,
    ).toBe('novel');
    expect(
      errorOf(() => applyFieldPolicy({ novel: 1 }, OLLAMA_OPTIONS_POLICY, testContext(), 'options'))
        .param,
    ).toBe('options.novel');
  });
});
