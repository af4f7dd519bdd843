import { describe, expect, it } from 'vitest';
import { toolResultResponse } from './canonical-tool-result-to-gemini.ts';

describe('toolResultResponse', () => {
  it('sends JSON object text as the object', () => {
    expect(toolResultResponse('{"temp_c":18}')).toEqual({ temp_c: 18 });
  });

  it('wraps anything else as {output}', () => {
    expect(toolResultResponse('sunny')).toEqual({ output: 'sunny' });
    expect(toolResultResponse('[1,2]')).toEqual({ output: '[1,2]' });
    expect(toolResultResponse('42')).toEqual({ output: '42' });
    expect(toolResultResponse('')).toEqual({ output: '' });
  });
});
