import { describe, expect, it } from 'vitest';
import { geminiPartToCanonical } from './gemini-part-to-canonical.ts';
import { withGeminiSignature } from './gemini-state.ts';
import {
  gatewayErrorOf,
  testContext,
} from '../../../../test/doubles/formats/gemini-test-helpers.ts';

const decode = (part: unknown, role: 'user' | 'model' = 'user', ctx = testContext()) =>
  geminiPartToCanonical(part, role, 'contents.0.parts.0', ctx);

describe('geminiPartToCanonical', () => {
  it('reads text, and thoughts with their signature as reasoning', () => {
    expect(decode({ text: 'hi' })).toEqual({
      kind: 'parts',
      parts: [{ type: 'text', text: 'hi' }],
    });
    expect(decode({ text: 'plan', thought: true, thoughtSignature: 'c2ln' }, 'model')).toEqual({
      kind: 'parts',
      parts: [withGeminiSignature({ type: 'reasoning', text: 'plan' }, 'c2ln')],
    });
  });

  it('puts the signature of a signed answer text on an empty reasoning part right after it', () => {
    expect(decode({ text: 'answer', thoughtSignature: 'c2ln' }, 'model')).toEqual({
      kind: 'parts',
      parts: [
        { type: 'text', text: 'answer' },
        withGeminiSignature({ type: 'reasoning', text: '' }, 'c2ln'),
      ],
    });
    expect(decode({ text: '', thoughtSignature: 'c2ln' }, 'model')).toEqual({
      kind: 'parts',
      parts: [withGeminiSignature({ type: 'reasoning', text: '' }, 'c2ln')],
    });
    expect(decode({ text: '' })).toEqual({ kind: 'parts', parts: [] });
  });

  it('reads a function call: its id, or a fresh one; args as JSON text; its signature', () => {
    const withId = decode(
      { functionCall: { id: 'g1', name: 'f', args: { a: 1 } }, thoughtSignature: 'c2ln' },
      'model',
    );
    expect(withId).toEqual({
      kind: 'parts',
      parts: [
        withGeminiSignature(
          { type: 'tool-call', id: 'g1', name: 'f', arguments: '{"a":1}' },
          'c2ln',
        ),
      ],
    });
    const fresh = decode({ function_call: { name: 'f' } }, 'model');
    expect(fresh.kind === 'parts' && fresh.parts[0]).toMatchObject({
      type: 'tool-call',
      name: 'f',
      arguments: '{}',
      id: expect.stringMatching(/^call_[0-9a-f]{24}$/),
    });
  });

  it('reads a function response: {output: text} unwrapped, other objects as JSON', () => {
    expect(decode({ functionResponse: { name: 'f', response: { output: 'sunny' } } })).toEqual({
      kind: 'function-response',
      name: 'f',
      content: 'sunny',
      images: [],
    });
    expect(
      decode({ function_response: { id: 'g1', name: 'f', response: { temp_c: 18 } } }),
    ).toEqual({
      kind: 'function-response',
      id: 'g1',
      name: 'f',
      content: '{"temp_c":18}',
      images: [],
    });
    expect(decode({ functionResponse: { name: 'f', response: { output: { a: 1 } } } })).toEqual({
      kind: 'function-response',
      name: 'f',
      content: '{"output":{"a":1}}',
      images: [],
    });
  });

  it('keeps the images of a multimodal function response beside its text', () => {
    const ctx = testContext();
    const part = {
      functionResponse: {
        name: 'read_file',
        response: { output: 'shot.png' },
        parts: [
          { inlineData: { mimeType: 'image/png', data: 'iVBO' } },
          { fileData: { mimeType: 'image/jpeg', fileUri: 'gs://b/x.jpg' } },
        ],
      },
    };
    expect(decode(part, 'user', ctx)).toEqual({
      kind: 'function-response',
      name: 'read_file',
      content: 'shot.png',
      images: [
        { type: 'image', source: { kind: 'data', mimeType: 'image/png', data: 'iVBO' } },
        { type: 'image', source: { kind: 'url', url: 'gs://b/x.jpg' } },
      ],
    });
    expect(ctx.rules).toEqual([]);
  });

  it('refuses a function response part that is not an image', () => {
    const error = gatewayErrorOf(() =>
      decode(
        {
          functionResponse: {
            name: 'read_file',
            response: {},
            parts: [{ inlineData: { mimeType: 'application/pdf', data: 'JVBE' } }],
          },
        },
        'user',
      ),
    );
    expect(error.param).toBe('contents.0.parts.0.functionResponse.parts.0.inlineData');
  });

  it('reads inline images and image file URIs', () => {
    expect(decode({ inline_data: { mime_type: 'image/png', data: 'iVBO' } })).toEqual({
      kind: 'parts',
      parts: [{ type: 'image', source: { kind: 'data', mimeType: 'image/png', data: 'iVBO' } }],
    });
    expect(decode({ fileData: { mimeType: 'image/jpeg', fileUri: 'gs://b/x' } })).toEqual({
      kind: 'parts',
      parts: [{ type: 'image', source: { kind: 'url', url: 'gs://b/x' } }],
    });
    expect(decode({ fileData: { fileUri: 'gs://b/x.png' } })).toMatchObject({ kind: 'parts' });
  });

  it('refuses what has no equivalent, naming the field', () => {
    const cases: [unknown, 'user' | 'model', string][] = [
      [
        { inlineData: { mimeType: 'audio/wav', data: 'AA' } },
        'user',
        'contents.0.parts.0.inlineData',
      ],
      [
        { fileData: { mimeType: 'application/pdf', fileUri: 'gs://b/x.pdf' } },
        'user',
        'contents.0.parts.0.fileData',
      ],
      [{ executableCode: { code: 'print(1)' } }, 'model', 'contents.0.parts.0.executableCode'],
      [{ codeExecutionResult: { output: '1' } }, 'user', 'contents.0.parts.0.codeExecutionResult'],
      [{ functionCall: { name: 'f' } }, 'user', 'contents.0.parts.0.functionCall'],
      [
        { functionResponse: { name: 'f', response: {} } },
        'model',
        'contents.0.parts.0.functionResponse',
      ],
      [
        { functionResponse: { name: 'f', parts: [{ text: 'x' }] } },
        'user',
        'contents.0.parts.0.functionResponse.parts.0',
      ],
      [{ text: 'x', thought: true }, 'user', 'contents.0.parts.0.thought'],
      [{ functionCall: { name: 'f', args: 'x' } }, 'model', 'contents.0.parts.0.functionCall.args'],
    ];
    for (const [part, role, param] of cases) {
      const error = gatewayErrorOf(() => decode(part, role));
      expect(error.status).toBe(400);
      expect(error.param).toBe(param);
    }
  });

  it('drops a part mediaResolution under its rule', () => {
    const ctx = testContext();
    decode(
      { inlineData: { mimeType: 'image/png', data: 'AA' }, mediaResolution: { level: 'x' } },
      'user',
      ctx,
    );
    expect(ctx.rules).toEqual(['gemini.media_resolution_dropped']);
  });
});
