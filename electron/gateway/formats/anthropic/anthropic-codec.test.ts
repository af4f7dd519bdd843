import { describe, expect, it } from 'vitest';
import type { CanonicalRequest } from '../../canonical/canonical-request.ts';
import { GatewayError } from '../../canonical/gateway-error.ts';
import { recordedChunks, recordedFile } from '../../../../test/recorded-fixtures.ts';
import { chatCodec } from '../chat/chat-codec.ts';
import { geminiCodec } from '../gemini/gemini-codec.ts';
import { geminiSignature } from '../gemini/gemini-state.ts';
import { responsesReasoning } from '../responses/responses-state.ts';
import { responsesCodec } from '../responses/responses-codec.ts';
import { anthropicCodec } from './anthropic-codec.ts';
import {
  testContext,
  testEncodeContext,
} from '../../../../test/doubles/formats/anthropic-test-support.ts';

type Blocks = Record<string, unknown>[];

/** Turn 2 of a Claude Code conversation: the answer's blocks replayed, then the tool result. */
function replayBody(model: string, content: Blocks): Record<string, unknown> {
  const call = content.find((block) => block.type === 'tool_use');
  return {
    model,
    max_tokens: 4096,
    thinking: { type: 'enabled', budget_tokens: 2048 },
    messages: [
      { role: 'user', content: 'Weather in SF?' },
      { role: 'assistant', content },
      ...(call
        ? [
            {
              role: 'user',
              content: [{ type: 'tool_result', tool_use_id: call.id, content: '{"temp_f":61}' }],
            },
          ]
        : [{ role: 'user', content: 'Thanks' }]),
    ],
  };
}

const claudeCodeRequest = (model: string): CanonicalRequest =>
  anthropicCodec.decodeRequest(
    {
      model,
      max_tokens: 4096,
      thinking: { type: 'enabled', budget_tokens: 2048 },
      messages: [{ role: 'user', content: 'Weather in SF?' }],
    },
    testContext(),
    { model, stream: false, body: {} },
  );

describe('anthropicCodec', () => {
  it('speaks the anthropic format', () => {
    expect(anthropicCodec.format).toBe('anthropic');
    expect(anthropicCodec.marker).toBe('anthropic');
    expect(anthropicCodec.newResponseId()).toMatch(/^msg_[0-9a-f]{24}$/);
    expect(anthropicCodec.upstreamPath('claude', true)).toBe('/v1/messages');
    expect(anthropicCodec.errorBody(new GatewayError(404, 'No model'))).toEqual({
      type: 'error',
      error: { type: 'not_found_error', message: 'No model' },
      request_id: null,
    });
    expect(anthropicCodec.streamError(new GatewayError(500, 'x'), 0)).toMatch(/^event: error\n/);
  });

  it('gives a Gemini model its call signature back after a Claude Code round trip', () => {
    // Turn 1: Gemini answers with a signed call; the Anthropic client gets a plain tool_use.
    const ctx = testContext();
    const answer = geminiCodec.decodeResponse(
      JSON.parse(recordedFile('gemini', 'google-tool-call.json')),
      ctx,
    );
    const call = answer.parts[0];
    if (call?.type !== 'tool-call') throw new Error('expected a call');
    expect(geminiSignature(call)).toEqual(expect.any(String));
    const message = anthropicCodec.encodeResponse(
      answer,
      testEncodeContext({ ...claudeCodeRequest('gemini-3-pro-preview') }, ctx),
    ) as { content: Blocks };
    expect(message.content).toEqual([
      {
        type: 'tool_use',
        id: call.id,
        name: 'weather',
        input: { location: 'San Francisco' },
        caller: { type: 'direct' },
      },
    ]);
    // Turn 2: the history comes back; the Gemini codec finds the signature by call id.
    const next = anthropicCodec.decodeRequest(
      replayBody('gemini-3-pro-preview', message.content),
      ctx,
      { model: 'gemini-3-pro-preview', stream: false, body: {} },
    );
    const body = geminiCodec.encodeRequest(next, ctx) as { contents: { parts: unknown[] }[] };
    expect(body.contents[1]!.parts).toEqual([
      {
        functionCall: { name: 'weather', args: { location: 'San Francisco' } },
        thoughtSignature: geminiSignature(call),
      },
    ]);
    expect(ctx.rules).not.toContain('gemini.thought_signature_skipped');
  });

  it("round-trips a Gemini text signature through a thinking block's signature, byte-exact", () => {
    // Gemini 3 signs the last text part of an answer (here on an empty part, streamed).
    const ctx = testContext();
    const decoder = geminiCodec.createStreamDecoder(ctx);
    const encodeCtx = testEncodeContext({ reasoning: { includeThoughts: true } }, ctx);
    const encoder = anthropicCodec.createStreamEncoder(encodeCtx);
    let sse = '';
    for (const data of recordedChunks(
      'gemini',
      'issue-18073-empty-text-thought-signature.chunks.txt',
    ))
      for (const event of decoder.push({ data })) sse += encoder.encode(event);
    for (const event of decoder.end()) sse += encoder.encode(event);
    sse += encoder.end();
    const signatureDelta = /"signature_delta","signature":"(mgw1:gemini:[^"]+)"/.exec(sse);
    expect(signatureDelta).not.toBeNull();
    const tagged = signatureDelta![1]!;
    const original = /"thoughtSignature":"([^"]+)"/.exec(
      recordedChunks('gemini', 'issue-18073-empty-text-thought-signature.chunks.txt').join('\n'),
    )![1];
    expect(tagged).toBe(`mgw1:gemini:${original}`);

    // The client sends [text, thinking] back; Gemini gets the signature on the text again.
    const next = anthropicCodec.decodeRequest(
      replayBody('gemini-3-pro-preview', [
        { type: 'text', text: '4' },
        { type: 'thinking', thinking: '', signature: tagged },
      ]),
      ctx,
      { model: 'gemini-3-pro-preview', stream: false, body: {} },
    );
    const body = geminiCodec.encodeRequest(next, ctx) as { contents: { parts: unknown[] }[] };
    expect(body.contents[1]!.parts).toEqual([{ text: '4', thoughtSignature: original }]);
  });

  it("round-trips an OpenAI reasoning item's encrypted content through a thinking block", () => {
    const ctx = testContext();
    const answer = responsesCodec.decodeResponse(
      JSON.parse(recordedFile('responses', 'openai-reasoning-encrypted-content.1.json')),
      ctx,
    );
    const reasoning = answer.parts.find((part) => part.type === 'reasoning');
    const sealed = reasoning && responsesReasoning(reasoning);
    if (sealed?.encrypted === undefined) throw new Error('expected encrypted reasoning');
    const message = anthropicCodec.encodeResponse(
      answer,
      testEncodeContext({ reasoning: { includeThoughts: true } }, ctx),
    ) as { content: Blocks };
    const next = anthropicCodec.decodeRequest(replayBody('gpt-5-mini', message.content), ctx, {
      model: 'gpt-5-mini',
      stream: false,
      body: {},
    });
    const body = responsesCodec.encodeRequest(next, ctx) as { input: Record<string, unknown>[] };
    const item = body.input.find((i) => i.type === 'reasoning');
    expect(item).toMatchObject({ id: sealed.id, encrypted_content: sealed.encrypted });
  });

  it('gives an Anthropic model its thinking back when a chat client continues the call', () => {
    // Turn 1: an Anthropic upstream thinks, then calls; the chat client keeps only the call.
    const ctx = testContext();
    const answer = anthropicCodec.decodeResponse(
      {
        id: 'msg_1',
        type: 'message',
        model: 'claude-sonnet-4-5',
        content: [
          { type: 'thinking', thinking: 'Need the weather.', signature: 'EqQBCkgIARABGAIiQL+/' },
          { type: 'tool_use', id: 'toolu_1', name: 'weather', input: { city: 'SF' } },
        ],
        stop_reason: 'tool_use',
        usage: { input_tokens: 10, output_tokens: 20 },
      },
      ctx,
    );
    const chat = chatCodec.encodeResponse(answer, {
      ...testEncodeContext({}, ctx),
      responseId: 'chatcmpl-1',
    }) as { choices: { message: Record<string, unknown> }[] };
    // Turn 2: chat history without the signature → the Anthropic upstream body has it again.
    const next = chatCodec.decodeRequest(
      {
        model: 'claude-sonnet-4-5',
        reasoning_effort: 'low',
        messages: [
          { role: 'user', content: 'Weather in SF?' },
          chat.choices[0]!.message,
          { role: 'tool', tool_call_id: 'toolu_1', content: 'sunny' },
        ],
      },
      ctx,
      { model: 'claude-sonnet-4-5', stream: false, body: {} },
    );
    const body = anthropicCodec.encodeRequest(next, ctx) as {
      messages: { role: string; content: Blocks }[];
    };
    expect(body.messages[1]!.content).toEqual([
      { type: 'thinking', thinking: 'Need the weather.', signature: 'EqQBCkgIARABGAIiQL+/' },
      { type: 'tool_use', id: 'toolu_1', name: 'weather', input: { city: 'SF' } },
    ]);
    expect(ctx.rules).toContain('anthropic.thinking_replayed');
  });

  it('decodes an upstream error body', () => {
    const error = anthropicCodec.decodeError(
      429,
      '{"type":"error","error":{"type":"rate_limit_error","message":"Too many"}}',
      { 'retry-after': '3' },
    );
    expect([error.status, error.code, error.retryAfterSeconds]).toEqual([
      429,
      'rate_limit_error',
      3,
    ]);
  });
});
