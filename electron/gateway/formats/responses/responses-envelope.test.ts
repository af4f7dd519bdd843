import { describe, expect, it } from 'vitest';
import { responsesEnvelope } from './responses-envelope.ts';
import { testEncodeContext } from '../../../../test/doubles/formats/responses-test-support.ts';

/** Fields the 7.55 `Response` type marks as non-optional. */
const REQUIRED = [
  'id',
  'access_programs',
  'created_at',
  'error',
  'incomplete_details',
  'instructions',
  'metadata',
  'model',
  'object',
  'output',
  'parallel_tool_calls',
  'temperature',
  'tool_choice',
  'tools',
  'top_p',
];

describe('responses envelope', () => {
  it('has every required field, with defaults when the client sent nothing', () => {
    const envelope = responsesEnvelope(testEncodeContext({ model: 'x', input: 'hi' }), 123);
    for (const field of REQUIRED) expect(envelope).toHaveProperty(field);
    expect(envelope).toMatchObject({
      id: 'resp_test123',
      object: 'response',
      created_at: 123,
      model: 'client-model',
      instructions: null,
      temperature: null,
      top_p: null,
      tools: [],
      tool_choice: 'auto',
      parallel_tool_calls: true,
      store: true,
      metadata: {},
      text: { format: { type: 'text' } },
      previous_response_id: null,
    });
    // Unknown until the answer is complete; the schema and the types have no null usage.
    expect(envelope).not.toHaveProperty('usage');
  });

  it('echoes function tools with the parameters and strict flag the schema requires', () => {
    const envelope = responsesEnvelope(
      testEncodeContext({
        model: 'x',
        input: 'hi',
        tools: [
          { type: 'function', name: 'a', description: 'A' },
          { type: 'function', name: 'b', parameters: { type: 'object' }, strict: true },
          { type: 'custom', name: 'c' },
        ],
      }),
      1,
    );
    expect(envelope.tools).toEqual([
      { type: 'function', name: 'a', description: 'A', parameters: null, strict: null },
      { type: 'function', name: 'b', parameters: { type: 'object' }, strict: true },
      { type: 'custom', name: 'c' },
    ]);
  });

  it('echoes what the client asked for', () => {
    const envelope = responsesEnvelope(
      testEncodeContext({
        model: 'x',
        input: 'hi',
        max_output_tokens: 100,
        reasoning: { effort: 'low' },
        text: { format: { type: 'json_object' } },
        store: false,
        parallel_tool_calls: false,
        top_p: 0.5,
      }),
      1,
    );
    expect(envelope).toMatchObject({
      max_output_tokens: 100,
      reasoning: { effort: 'low' },
      text: { format: { type: 'json_object' } },
      store: false,
      parallel_tool_calls: false,
      top_p: 0.5,
    });
  });
});
