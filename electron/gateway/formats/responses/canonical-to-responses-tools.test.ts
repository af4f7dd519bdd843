import { describe, expect, it } from 'vitest';
import {
  canonicalToResponsesTextFormat,
  canonicalToResponsesToolChoice,
  canonicalToResponsesTools,
} from './canonical-to-responses-tools.ts';

describe('canonical tools → responses', () => {
  it('writes flat function tools with strict always set', () => {
    expect(
      canonicalToResponsesTools([
        {
          name: 'a',
          description: 'A',
          parameters: { type: 'object', properties: { x: { type: 'string' } } },
          strict: true,
        },
        { name: 'b' },
      ]),
    ).toEqual([
      {
        type: 'function',
        name: 'a',
        description: 'A',
        parameters: { type: 'object', properties: { x: { type: 'string' } } },
        strict: true,
      },
      {
        type: 'function',
        name: 'b',
        parameters: { type: 'object', properties: {} },
        strict: false,
      },
    ]);
  });

  it('writes every tool choice flat', () => {
    expect(canonicalToResponsesToolChoice({ type: 'none' })).toBe('none');
    expect(canonicalToResponsesToolChoice({ type: 'required' })).toBe('required');
    expect(canonicalToResponsesToolChoice({ type: 'tool', name: 'f' })).toEqual({
      type: 'function',
      name: 'f',
    });
    expect(
      canonicalToResponsesToolChoice({ type: 'allowed', mode: 'auto', names: ['f', 'g'] }),
    ).toEqual({
      type: 'allowed_tools',
      mode: 'auto',
      tools: [
        { type: 'function', name: 'f' },
        { type: 'function', name: 'g' },
      ],
    });
  });

  it('writes text formats, naming an unnamed schema and defaulting strict to false', () => {
    expect(canonicalToResponsesTextFormat({ type: 'text' })).toEqual({ type: 'text' });
    expect(canonicalToResponsesTextFormat({ type: 'json' })).toEqual({ type: 'json_object' });
    expect(
      canonicalToResponsesTextFormat({ type: 'json-schema', schema: { type: 'object' } }),
    ).toEqual({
      type: 'json_schema',
      name: 'response',
      schema: { type: 'object' },
      strict: false,
    });
  });
});
