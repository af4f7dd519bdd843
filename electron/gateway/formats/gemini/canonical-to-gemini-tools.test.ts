import { describe, expect, it } from 'vitest';
import {
  canonicalToGeminiToolConfig,
  canonicalToGeminiTools,
} from './canonical-to-gemini-tools.ts';
import {
  gatewayErrorOf,
  testContext,
} from '../../../../test/doubles/formats/gemini-test-helpers.ts';

describe('canonicalToGeminiTools', () => {
  it('declares functions with their JSON Schema verbatim', () => {
    const schema = { type: 'object', properties: {}, additionalProperties: false };
    const ctx = testContext();
    expect(
      canonicalToGeminiTools(
        [
          { name: 'ns.get-weather:v1', description: 'd', parameters: schema, strict: true },
          { name: 'ping' },
        ],
        ctx,
      ),
    ).toEqual([
      {
        functionDeclarations: [
          { name: 'ns.get-weather:v1', description: 'd', parametersJsonSchema: schema },
          { name: 'ping' },
        ],
      },
    ]);
    expect(ctx.rules).toEqual(['gemini.tool_strict_dropped']);
    expect(canonicalToGeminiTools([], ctx)).toBeUndefined();
  });

  it('refuses names Gemini rejects', () => {
    expect(
      gatewayErrorOf(() => canonicalToGeminiTools([{ name: 'a b' }], testContext())).param,
    ).toBe('tools.0.name');
    expect(
      gatewayErrorOf(() =>
        canonicalToGeminiTools([{ name: 'ok' }, { name: 'x'.repeat(129) }], testContext()),
      ).param,
    ).toBe('tools.1.name');
  });
});

describe('canonicalToGeminiToolConfig', () => {
  it('maps each tool choice to a calling mode', () => {
    expect(canonicalToGeminiToolConfig({ type: 'auto' })).toEqual({
      functionCallingConfig: { mode: 'AUTO' },
    });
    expect(canonicalToGeminiToolConfig({ type: 'none' })).toEqual({
      functionCallingConfig: { mode: 'NONE' },
    });
    expect(canonicalToGeminiToolConfig({ type: 'required' })).toEqual({
      functionCallingConfig: { mode: 'ANY' },
    });
    expect(canonicalToGeminiToolConfig({ type: 'tool', name: 'f' })).toEqual({
      functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['f'] },
    });
    expect(
      canonicalToGeminiToolConfig({ type: 'allowed', mode: 'auto', names: ['f', 'g'] }),
    ).toEqual({
      functionCallingConfig: { mode: 'VALIDATED', allowedFunctionNames: ['f', 'g'] },
    });
    expect(
      canonicalToGeminiToolConfig({ type: 'allowed', mode: 'required', names: ['f', 'g'] }),
    ).toEqual({
      functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['f', 'g'] },
    });
    expect(canonicalToGeminiToolConfig(undefined)).toBeUndefined();
  });
});
