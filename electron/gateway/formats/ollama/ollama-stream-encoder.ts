import type { CanonicalUsage, FinishReason } from '../../canonical/canonical-response.ts';
import type { CanonicalStreamEvent } from '../../canonical/canonical-stream.ts';
import { addRule, type ResponseEncodeContext } from '../../canonical/conversion-context.ts';
import type { StreamEncoder } from '../../canonical/format-codec.ts';
import { GatewayError } from '../../canonical/gateway-error.ts';
import { showsThinking } from './canonical-to-ollama-response.ts';
import { invalidOllamaCallError, ollamaToolCall } from './canonical-to-ollama-tool-call.ts';
import { canonicalFinishToOllama } from './map-ollama-done-reason.ts';
import { ollamaStreamError } from './ollama-error-body.ts';
import { OllamaTimer, systemClock, type OllamaClock } from './ollama-metrics.ts';
import { ollamaEndpointOfBody, type OllamaEndpoint } from './ollama-wire.ts';

interface PendingCall {
  id: string;
  name: string;
  args: string;
}

/**
 * Canonical events → Ollama's streamed answer: newline-delimited JSON, one object per line, no
 * framing around it. For `/api/chat` each line is `{model, created_at, message: {role,
 * content, thinking?, tool_calls?}, done: false}`, for `/api/generate` `{model, created_at,
 * response, thinking?, done: false}`. Text and thinking go out as they arrive. A tool call is
 * held until its end, because Ollama sends each call whole with its arguments as an object. The
 * finish reason and usage are held for the last line, `done: true` with `done_reason` and the
 * metrics (see ollama-metrics.ts for what the gateway can measure). After an `error` event the
 * `{"error": …}` line is the last thing written and `end()` adds nothing: ollama-js throws on it.
 */
class OllamaStreamEncoder implements StreamEncoder {
  private readonly ctx: ResponseEncodeContext;
  private readonly clock: OllamaClock;
  private readonly timer: OllamaTimer;
  private readonly endpoint: OllamaEndpoint;
  private readonly thinking: boolean;
  private readonly calls = new Map<number, PendingCall>();
  private written = 0;
  private finish: FinishReason | undefined;
  private usage: CanonicalUsage | undefined;
  private closed = false;

  constructor(ctx: ResponseEncodeContext, clock: OllamaClock = systemClock) {
    this.ctx = ctx;
    this.clock = clock;
    this.timer = new OllamaTimer(ctx.requestId, clock);
    this.endpoint = ollamaEndpointOfBody(ctx.clientBody);
    this.thinking = showsThinking(ctx);
  }

  encode(event: CanonicalStreamEvent): string {
    if (this.closed) return '';
    switch (event.type) {
      case 'start':
        return '';
      case 'text-delta':
        return event.text === '' ? '' : this.output({ content: event.text });
      case 'refusal-delta':
        addRule(this.ctx, 'ollama.refusal_as_text');
        return event.text === '' ? '' : this.output({ content: event.text });
      case 'reasoning-delta':
        if (event.text === '') return '';
        if (!this.thinking) {
          addRule(this.ctx, 'ollama.thinking_omitted');
          return '';
        }
        return this.output({ thinking: event.text });
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
        return this.callLine(call);
      }
      case 'finish':
        this.finish = event.reason;
        return '';
      case 'usage':
        this.usage = event.usage;
        return '';
      case 'error':
        return this.fail(
          new GatewayError(event.status, event.message, {
            ...(event.code === undefined ? {} : { code: event.code }),
          }),
        );
    }
  }

  end(): string {
    if (this.closed) return '';
    // Calls the upstream never ended (a cut stream) still reach the client if they parse.
    let out = '';
    for (const call of this.calls.values()) {
      out += this.callLine(call);
      if (this.closed) return out;
    }
    this.calls.clear();
    this.closed = true;
    const reason = canonicalFinishToOllama(this.finish ?? 'stop', this.ctx);
    return (
      out +
      this.line(
        this.endpoint === 'chat'
          ? { message: { role: 'assistant', content: '' } }
          : { response: '' },
        { done_reason: reason },
      )
    );
  }

  private callLine(call: PendingCall): string {
    const encoded = ollamaToolCall(call.id, call.name, call.args, this.written++);
    // Ollama cannot carry arguments that are not an object: end the stream, never guess.
    if (encoded === undefined) return this.fail(invalidOllamaCallError(call.name));
    return this.output({ content: '', tool_calls: [encoded] });
  }

  /** A line of output: chat puts the pieces in `message`, generate beside `response`. */
  private output(piece: { content?: string; thinking?: string; tool_calls?: unknown[] }): string {
    this.timer.output();
    if (this.endpoint === 'chat')
      return this.line({ message: { role: 'assistant', content: '', ...piece } });
    const { content, ...rest } = piece;
    return this.line({ response: content ?? '', ...rest });
  }

  /** One NDJSON line; `last` makes it the `done: true` line with the metrics. */
  private line(body: Record<string, unknown>, last?: { done_reason: string }): string {
    const record: Record<string, unknown> = {
      model: this.ctx.request.model,
      created_at: new Date(this.clock()).toISOString(),
      ...body,
      done: last !== undefined,
    };
    if (last !== undefined) {
      record.done_reason = last.done_reason;
      if (this.endpoint === 'generate') record.context = [];
      Object.assign(record, this.timer.metrics(this.usage, true));
    }
    return `${JSON.stringify(record)}\n`;
  }

  private fail(error: GatewayError): string {
    this.closed = true;
    return ollamaStreamError(error);
  }
}

export const createOllamaStreamEncoder = (
  ctx: ResponseEncodeContext,
  clock?: OllamaClock,
): StreamEncoder => new OllamaStreamEncoder(ctx, clock);
