import { describe, expect, it } from 'vitest';
import { invalidOllamaCallError, ollamaToolCall } from './canonical-to-ollama-tool-call.ts';

describe('ollamaToolCall', () => {
  it('writes arguments as an object, with the call’s id and index', () => {
    expect(ollamaToolCall('call_1', 'weather', '{"city":"Tokyo"}', 2)).toEqual({
      id: 'call_1',
      function: { index: 2, name: 'weather', arguments: { city: 'Tokyo' } },
    });
    expect(ollamaToolCall('call_2', 'now', '', 0)).toEqual({
      id: 'call_2',
      function: { index: 0, name: 'now', arguments: {} },
    });
  });

  it('has no form for arguments that are not a JSON object', () => {
    expect(ollamaToolCall('c', 'f', '[1,2]', 0)).toBeUndefined();
    expect(ollamaToolCall('c', 'f', '{"cut', 0)).toBeUndefined();
    expect(invalidOllamaCallError('f')).toMatchObject({
      status: 502,
      code: 'upstream_invalid_response',
    });
  });
});
