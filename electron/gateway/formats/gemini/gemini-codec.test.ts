import { describe, expect, it } from 'vitest';
import { recordedChunks, recordedFile } from '../../../../test/recorded-fixtures.ts';
import { geminiCodec } from './gemini-codec.ts';
import { geminiSignature } from './gemini-state.ts';
import {
  testContext,
  testEncodeContext,
} from '../../../../test/doubles/formats/gemini-test-helpers.ts';
import { signatureStateKey } from './thought-signature.ts';

describe('geminiCodec', () => {
  it('speaks the gemini format', () => {
    expect(geminiCodec.format).toBe('gemini');
  });

  it('replays a signature Gemini gave on a call when an OpenAI-style client sends the call back', () => {
    // Turn 1: Gemini answers with a signed call; the client's format drops the signature.
    const ctx = testContext();
    const answer = geminiCodec.decodeResponse(
      JSON.parse(recordedFile('gemini', 'google-tool-call.json')),
      ctx,
    );
    const call = answer.parts[0];
    if (call?.type !== 'tool-call') throw new Error('expected a call');
    const signature = geminiSignature(call);
    expect(signature).toEqual(expect.any(String));
    const { state: _dropped, ...unsigned } = call;
    // Turn 2: the history comes back without it; the codec finds it by call id.
    const body = geminiCodec.encodeRequest(
      {
        model: 'gemini-3-pro-preview',
        messages: [
          { role: 'user', parts: [{ type: 'text', text: 'Weather in SF?' }] },
          { role: 'assistant', parts: [unsigned] },
          {
            role: 'tool',
            parts: [{ type: 'tool-result', callId: call.id, content: '{"temp_f":61}' }],
          },
        ],
        sampling: {},
        stream: false,
      },
      ctx,
    );
    expect(ctx.state.get(signatureStateKey(call.id))).toBe(signature);
    expect(body.contents).toEqual([
      { role: 'user', parts: [{ text: 'Weather in SF?' }] },
      {
        role: 'model',
        parts: [
          {
            functionCall: { name: 'weather', args: { location: 'San Francisco' } },
            thoughtSignature: signature,
          },
        ],
      },
      {
        role: 'user',
        parts: [{ functionResponse: { name: 'weather', response: { temp_f: 61 } } }],
      },
    ]);
    expect(ctx.rules).toEqual([]);
  });

  it('wires the stream decoder and encoder and the error decoder', () => {
    const ctx = testContext();
    const decoder = geminiCodec.createStreamDecoder(ctx);
    const encoder = geminiCodec.createStreamEncoder(testEncodeContext({ model: 'g' }, ctx));
    let sse = '';
    for (const data of recordedChunks(
      'gemini',
      'issue-18073-empty-text-thought-signature.chunks.txt',
    ))
      for (const event of decoder.push({ data })) sse += encoder.encode(event);
    for (const event of decoder.end()) sse += encoder.encode(event);
    sse += encoder.end();
    expect(sse).toContain('"parts":[{"text":"4"}]');
    expect(sse).toContain('"thoughtSignature":"EpcCCpQC');
    expect(sse.trimEnd().split('\n\n').at(-1)).toContain('"finishReason":"STOP"');
    expect(
      geminiCodec.decodeError(429, recordedFile('gemini', 'google-429-retry-info.json'), {})
        .retryAfterSeconds,
    ).toBe(35);
  });
});
