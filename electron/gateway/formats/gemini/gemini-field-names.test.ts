import { describe, expect, it } from 'vitest';
import { GatewayError } from '../../canonical/gateway-error.ts';
import { camelCaseKeys } from './gemini-field-names.ts';

describe('camelCaseKeys', () => {
  it('renames snake_case keys of one level and leaves values untouched', () => {
    const args = { city_name: 'Paris' };
    const out = camelCaseKeys(
      { system_instruction: 1, generation_config: { max_output_tokens: 5 }, args },
      'x',
    );
    expect(out).toEqual({
      systemInstruction: 1,
      generationConfig: { max_output_tokens: 5 },
      args: { city_name: 'Paris' },
    });
  });

  it('keeps camelCase keys as they are', () => {
    expect(camelCaseKeys({ inlineData: 1, text: 'a' }, '')).toEqual({ inlineData: 1, text: 'a' });
  });

  it('refuses a field given in both spellings, naming it', () => {
    try {
      camelCaseKeys({ tool_config: {}, toolConfig: {} }, '');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(GatewayError);
      expect((error as GatewayError).param).toBe('tool_config');
      expect((error as GatewayError).status).toBe(400);
    }
  });
});
