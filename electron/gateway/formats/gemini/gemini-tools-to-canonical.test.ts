import { describe, expect, it } from 'vitest';
import {
  gatewayErrorOf,
  testContext,
} from '../../../../test/doubles/formats/gemini-test-helpers.ts';
import { geminiToolsToCanonical } from './gemini-tools-to-canonical.ts';

describe('geminiToolsToCanonical', () => {
  it('keeps parametersJsonSchema verbatim', () => {
    const schema = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] };
    const ctx = testContext();
    const tools = geminiToolsToCanonical(
      [
        {
          functionDeclarations: [
            { name: 'get_weather', description: 'Weather', parametersJsonSchema: schema },
          ],
        },
      ],
      ctx,
    );
    expect(tools).toEqual([{ name: 'get_weather', description: 'Weather', parameters: schema }]);
    expect(tools?.[0]?.parameters).toBe(schema);
    expect(ctx.rules).toEqual([]);
  });

  it('converts OpenAPI parameters (as the genai SDK upper-cases them) under a rule', () => {
    const ctx = testContext();
    const tools = geminiToolsToCanonical(
      [
        {
          function_declarations: [
            {
              name: 'f',
              parameters: {
                type: 'OBJECT',
                properties: { n: { type: 'INTEGER' } },
                propertyOrdering: ['n'],
              },
            },
            { name: 'no_args' },
          ],
        },
      ],
      ctx,
    );
    expect(tools).toEqual([
      { name: 'f', parameters: { type: 'object', properties: { n: { type: 'integer' } } } },
      { name: 'no_args' },
    ]);
    expect(ctx.rules).toEqual(['gemini.schema_openapi_to_json_schema']);
  });

  it('drops hosted tools, naming tools.N.<kind>, and keeps the functions', () => {
    for (const kind of [
      'googleSearch',
      'codeExecution',
      'urlContext',
      'fileSearch',
      'googleMaps',
      'retrieval',
    ]) {
      const ctx = testContext();
      const tools = geminiToolsToCanonical(
        [{ functionDeclarations: [{ name: 'f' }] }, { [kind]: {} }],
        ctx,
      );
      expect(tools).toEqual([{ name: 'f' }]);
      expect(ctx.dropped).toEqual([`tools.1.${kind}`]);
      expect(ctx.rules).toEqual(['gemini.hosted_tool_dropped']);
    }
    const ctx = testContext();
    expect(geminiToolsToCanonical([{ google_search: {} }], ctx)).toBeUndefined();
    expect(ctx.dropped).toEqual(['tools.0.googleSearch']);
  });

  it('refuses both schema forms at once and a declaration without a name', () => {
    expect(
      gatewayErrorOf(() =>
        geminiToolsToCanonical(
          [{ functionDeclarations: [{ name: 'f', parameters: {}, parametersJsonSchema: {} }] }],
          testContext(),
        ),
      ).param,
    ).toBe('tools.0.functionDeclarations.0.parameters');
    expect(
      gatewayErrorOf(() =>
        geminiToolsToCanonical([{ functionDeclarations: [{ description: 'x' }] }], testContext()),
      ).param,
    ).toBe('tools.0.functionDeclarations.0.name');
  });

  it('drops a declared response schema under its rule', () => {
    const ctx = testContext();
    geminiToolsToCanonical(
      [{ functionDeclarations: [{ name: 'f', responseJsonSchema: { type: 'object' } }] }],
      ctx,
    );
    expect(ctx.rules).toEqual(['gemini.function_response_schema_dropped']);
  });
});
