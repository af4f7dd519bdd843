import type { CanonicalUsage, FinishReason } from '../../canonical/canonical-response.ts';
import type { CanonicalStreamEvent } from '../../canonical/canonical-stream.ts';
import { addRule, type ResponseEncodeContext } from '../../canonical/conversion-context.ts';
import type { StreamEncoder } from '../../canonical/format-codec.ts';
import { GatewayError } from '../../canonical/gateway-error.ts';
import {
  functionCallPart,
  invalidCallArgsError,
  parseCallArgs,
  reasoningOutputPart,
  type GeminiPart,
} from './canonical-to-gemini-output-parts.ts';
import { geminiSignature } from './gemini-state.ts';
import { geminiStreamError } from './gemini-stream-error.ts';
import { canonicalUsageToGemini } from './gemini-usage.ts';
import { toGeminiFinishReason } from './map-gemini-finish-reason.ts';
import { sseRecord } from '../../canonical/sse-record.ts';

interface PendingCall {
  id: string;
  name: string;
  args: string;
}

/**
 * Canonical events → Gemini SSE: one `data: <GenerateContentResponse>` record per piece of
 * output, no `event:` lines (@google/genai drops such records) and no `[DONE]` (it throws on
 * one). Text and thoughts go out as they arrive. Two things are held: a tool call's argument
 * deltas until its end, because Gemini's `args` is a parsed object; and the finish reason and
 * usage until `end()`, which writes them in the last record as Gemini does.
 */
export class GeminiStreamEncoder implements StreamEncoder {
  private readonly ctx: ResponseEncodeContext;
  private readonly includeThoughts: boolean;
  private readonly calls = new Map<number, PendingCall>();
  private finish: FinishReason | undefined;
  private usage: CanonicalUsage | undefined;
  private closed = false;

  constructor(ctx: ResponseEncodeContext) {
    this.ctx = ctx;
    this.includeThoughts = ctx.request.reasoning?.includeThoughts === true;
  }

  encode(event: CanonicalStreamEvent): string {
    if (this.closed) return '';
    switch (event.type) {
      case 'start':
        return '';
      case 'text-delta':
        return event.text === '' ? '' : this.record([{ text: event.text }]);
      case 'refusal-delta':
        addRule(this.ctx, 'gemini.refusal_as_text');
        return event.text === '' ? '' : this.record([{ text: event.text }]);
      case 'reasoning-delta': {
        const part = reasoningOutputPart(event, this.includeThoughts, this.ctx);
        return part === undefined ? '' : this.record([part]);
      }
      case 'tool-call-start':
        this.calls.set(event.index, { id: event.id, name: event.name, args: '' });
        return '';
      case 'tool-call-delta': {
        const call = this.calls.get(event.index);
        if (call) call.args += event.argumentsDelta;
        return '';
      }
      case 'tool-call-end': {
        const call = this.calls.get(event.index);
        if (call === undefined) return '';
        this.calls.delete(event.index);
        return this.callRecord(call, geminiSignature(event));
      }
      case 'finish':
        this.finish = event.reason;
        return '';
      case 'usage':
        this.usage = event.usage;
        return '';
      case 'error':
        return this.fail(
          new GatewayError(
            event.status >= 400 && event.status <= 599 ? event.status : 500,
            event.message,
            {
              ...(event.code === undefined ? {} : { code: event.code }),
            },
          ),
        );
    }
  }

  end(): string {
    if (this.closed) return '';
    // Calls the upstream never ended (a cut stream) still reach the client if they parse.
    let out = '';
    for (const call of this.calls.values()) {
      out += this.callRecord(call, undefined);
      if (this.closed) return out;
    }
    this.calls.clear();
    this.closed = true;
    // No finish seen means the upstream stopped without saying why.
    const finishReason = this.finish === undefined ? 'OTHER' : toGeminiFinishReason(this.finish);
    return (
      out +
      this.frame({
        candidates: [{ content: { role: 'model', parts: [{ text: '' }] }, finishReason, index: 0 }],
        ...(this.usage ? { usageMetadata: canonicalUsageToGemini(this.usage) } : {}),
        modelVersion: this.ctx.request.model,
        responseId: this.ctx.responseId,
      })
    );
  }

  private callRecord(call: PendingCall, signature: string | undefined): string {
    const args = parseCallArgs(call.args);
    // Gemini cannot carry arguments that are not an object: fail the stream, never guess.
    if (args === undefined) return this.fail(invalidCallArgsError(call.name));
    return this.record([functionCallPart(call.id, call.name, args, signature)]);
  }

  private fail(error: GatewayError): string {
    this.closed = true;
    return geminiStreamError(error);
  }

  private record(parts: GeminiPart[]): string {
    return this.frame({
      candidates: [{ content: { role: 'model', parts }, index: 0 }],
      modelVersion: this.ctx.request.model,
      responseId: this.ctx.responseId,
    });
  }

  private frame(body: Record<string, unknown>): string {
    return sseRecord(body);
  }
}

export const createGeminiStreamEncoder = (ctx: ResponseEncodeContext): StreamEncoder =>
  new GeminiStreamEncoder(ctx);
