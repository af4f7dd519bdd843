import { describe, expect, it } from 'vitest';
import {
  gatewayErrorOf,
  testContext,
} from '../../../../test/doubles/formats/gemini-test-helpers.ts';
import { geminiToolConfigToCanonical } from './gemini-tool-config-to-canonical.ts';

const choice = (functionCallingConfig: Record<string, unknown>, ctx = testContext()) =>
  geminiToolConfigToCanonical({ functionCallingConfig }, ctx);

describe('geminiToolConfigToCanonical', () => {
  it('maps the modes', () => {
    expect(choice({ mode: 'AUTO' })).toEqual({ type: 'auto' });
    expect(choice({ mode: 'NONE', allowedFunctionNames: ['a'] })).toEqual({ type: 'none' });
    expect(choice({ mode: 'ANY' })).toEqual({ type: 'required' });
    expect(choice({ mode: 'ANY', allowedFunctionNames: ['a'] })).toEqual({
      type: 'tool',
      name: 'a',
    });
    expect(choice({ mode: 'ANY', allowedFunctionNames: ['a', 'b'] })).toEqual({
      type: 'allowed',
      mode: 'required',
      names: ['a', 'b'],
    });
    expect(choice({ mode: 'AUTO', allowed_function_names: ['a', 'b'] })).toEqual({
      type: 'allowed',
      mode: 'auto',
      names: ['a', 'b'],
    });
  });

  it('reads VALIDATED as auto under a rule', () => {
    const ctx = testContext();
    expect(choice({ mode: 'VALIDATED' }, ctx)).toEqual({ type: 'auto' });
    expect(ctx.rules).toEqual(['gemini.validated_mode_as_auto']);
  });

  it('reads snake_case and an absent mode as AUTO', () => {
    expect(geminiToolConfigToCanonical({ function_calling_config: {} }, testContext())).toEqual({
      type: 'auto',
    });
    expect(geminiToolConfigToCanonical({}, testContext())).toBeUndefined();
  });

  it('refuses an unknown mode', () => {
    expect(gatewayErrorOf(() => choice({ mode: 'SOMETIMES' })).param).toBe(
      'toolConfig.functionCallingConfig.mode',
    );
  });
});
