import { describe, expect, it } from 'vitest';
import { recordedFile, recordedNames } from '../../../../test/recorded-fixtures.ts';
import { responsesCodec } from './responses-codec.ts';
import {
  encodeStream,
  testContext,
  testEncodeContext,
} from '../../../../test/doubles/formats/responses-test-support.ts';

describe('responsesCodec', () => {
  it('speaks the responses format', () => {
    expect(responsesCodec.format).toBe('responses');
  });

  it('has a test for every recorded error body', () => {
    const errorBodies = recordedNames('responses', '.json').filter(
      (name) => (JSON.parse(recordedFile('responses', name)) as { error?: unknown }).error != null,
    );
    expect(errorBodies.sort()).toEqual([
      'openai-error.1.json',
      'openai-issue-17402-error.1.json',
      'openai-issue-18537-error.1.json',
      'reasoning-model-temperature-error.json',
    ]);
  });

  it.each([
    [
      'openai-error.1.json',
      429,
      'insufficient_quota',
      undefined,
      /^You exceeded your current quota/,
    ],
    [
      'openai-issue-17402-error.1.json',
      400,
      'missing_required_parameter',
      'input[0].arguments',
      /^Missing required parameter/,
    ],
    [
      'openai-issue-18537-error.1.json',
      400,
      undefined,
      'input',
      /^No tool call found for function call output/,
    ],
    [
      'reasoning-model-temperature-error.json',
      400,
      undefined,
      'temperature',
      /'temperature' is not supported/,
    ],
  ])('decodes the recorded error body %s', (name, status, code, param, message) => {
    const error = responsesCodec.decodeError(status, recordedFile('responses', name), {
      'retry-after': '7',
    });
    expect(error.status).toBe(status);
    expect(error.code).toBe(code);
    expect(error.param).toBe(param);
    expect(error.message).toMatch(message);
    expect(error.retryAfterSeconds).toBe(7);
  });

  it('round-trips a request through canonical form', () => {
    const body = {
      model: 'm',
      instructions: 'Be brief.',
      input: [
        { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Hi' }] },
        { type: 'function_call', call_id: 'call_1', name: 'f', arguments: '{}' },
        { type: 'function_call_output', call_id: 'call_1', output: 'ok' },
      ],
      tools: [{ type: 'function', name: 'f', parameters: { type: 'object' }, strict: true }],
      tool_choice: 'auto',
      stream: true,
    };
    const canonical = responsesCodec.decodeRequest(
      body,
      testContext(),
      responsesCodec.readEnvelope(body, {}),
    );
    const upstream = responsesCodec.encodeRequest(canonical, testContext());
    expect(upstream).toEqual({ ...body, store: false });
  });

  it('encodes a decoded recorded stream whose terminal carries the upstream usage', () => {
    const decoder = responsesCodec.createStreamDecoder(testContext());
    const lines = recordedFile('responses', 'azure-tool-call.1.chunks.txt')
      .split('\n')
      .filter(Boolean);
    const events = [
      ...lines.flatMap((data) => decoder.push({ data, event: undefined, id: undefined })),
      ...decoder.end(),
    ];
    const sse = encodeStream(events, testEncodeContext());
    expect(sse).toContain('"arguments":"{\\"location\\":\\"San Francisco\\"}"');
    expect(sse).toContain('"usage":{"input_tokens":45,');
  });
});
