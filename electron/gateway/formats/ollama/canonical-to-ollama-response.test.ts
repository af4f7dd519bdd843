import { describe, expect, it } from 'vitest';
import type { CanonicalResponse } from '../../canonical/canonical-response.ts';
import { canonicalToOllamaResponse } from './canonical-to-ollama-response.ts';
import { testContext } from '../../../../test/doubles/formats/test-context.ts';
import { errorOf } from '../../../../test/doubles/gateway-error-of.ts';
import {
  CHAT_BODY,
  GENERATE_BODY,
  scriptedClock,
  T0,
  testEncodeContext,
} from '../../../../test/doubles/formats/ollama-test-support.ts';

const answer = (
  parts: CanonicalResponse['parts'],
  finishReason: CanonicalResponse['finishReason'] = 'stop',
): CanonicalResponse => ({
  id: 'upstream-id',
  model: 'upstream-model',
  created: 1750000000,
  parts,
  finishReason,
  usage: { inputTokens: 26, outputTokens: 298, totalTokens: 324 },
});

const metrics = {
  total_duration: 2_000_000_000,
  load_duration: 0,
  prompt_eval_count: 26,
  prompt_eval_duration: 0,
  eval_count: 298,
  eval_duration: 2_000_000_000,
};

describe('canonicalToOllamaResponse', () => {
  it('writes a chat answer as Ollama’s last record, the model being the client’s name', () => {
    const body = canonicalToOllamaResponse(
      answer([
        { type: 'reasoning', text: 'Rayleigh.' },
        { type: 'text', text: 'Because of ' },
        { type: 'text', text: 'scattering.' },
      ]),
      testEncodeContext(CHAT_BODY, { model: 'llama3.2' }),
      scriptedClock(2000),
    );
    expect(body).toEqual({
      model: 'llama3.2',
      created_at: new Date(T0 + 2000).toISOString(),
      message: { role: 'assistant', content: 'Because of scattering.', thinking: 'Rayleigh.' },
      done: true,
      done_reason: 'stop',
      ...metrics,
    });
  });

  it('writes calls with object arguments and done_reason stop, as Ollama does', () => {
    const body = canonicalToOllamaResponse(
      answer(
        [
          { type: 'tool-call', id: 'toolu_1', name: 'get_weather', arguments: '{"city":"Tokyo"}' },
          { type: 'tool-call', id: 'toolu_2', name: 'get_time', arguments: '' },
        ],
        'tool_calls',
      ),
      testEncodeContext(CHAT_BODY),
      scriptedClock(2000),
    );
    expect(body.message).toEqual({
      role: 'assistant',
      content: '',
      tool_calls: [
        {
          id: 'toolu_1',
          function: { index: 0, name: 'get_weather', arguments: { city: 'Tokyo' } },
        },
        { id: 'toolu_2', function: { index: 1, name: 'get_time', arguments: {} } },
      ],
    });
    expect(body.done_reason).toBe('stop');
  });

  it('writes a generate answer in response, with an empty context', () => {
    const body = canonicalToOllamaResponse(
      answer([{ type: 'text', text: 'Blue.' }], 'length'),
      testEncodeContext(GENERATE_BODY),
      scriptedClock(2000),
    );
    expect(body).toEqual({
      model: 'client-model',
      created_at: new Date(T0 + 2000).toISOString(),
      response: 'Blue.',
      done: true,
      done_reason: 'length',
      context: [],
      ...metrics,
    });
  });

  it('leaves thinking out for a client that sent think: false, and writes refusals as text', () => {
    const ctx = testEncodeContext(
      CHAT_BODY,
      { reasoning: { includeThoughts: false } },
      testContext(),
    );
    const body = canonicalToOllamaResponse(
      answer([
        { type: 'reasoning', text: 'hidden' },
        { type: 'refusal', text: 'I cannot help with that.' },
      ]),
      ctx,
      scriptedClock(1),
    );
    expect(body.message).toEqual({ role: 'assistant', content: 'I cannot help with that.' });
    expect(ctx.rules).toEqual(['ollama.refusal_as_text', 'ollama.thinking_omitted']);
  });

  it('fails on call arguments Ollama cannot carry', () => {
    expect(
      errorOf(() =>
        canonicalToOllamaResponse(
          answer([{ type: 'tool-call', id: 'c', name: 'f', arguments: '"text"' }]),
          testEncodeContext(CHAT_BODY),
        ),
      ).status,
    ).toBe(502);
  });
});
