import type { CanonicalPart } from './canonical-request.ts';
import type { CanonicalResponse, CanonicalUsage, FinishReason } from './canonical-response.ts';
import type { CanonicalStreamEvent } from './canonical-stream.ts';

/**
 * Rebuilds the whole answer from stream events, so a streamed answer can be stored for
 * `previous_response_id` and metered like a non-streamed one.
 */
export class StreamAccumulator {
  id = '';
  model = '';
  created = 0;
  finishReason: FinishReason | undefined;
  usage: CanonicalUsage | undefined;
  error: { status: number; message: string } | undefined;
  private readonly parts: CanonicalPart[] = [];
  private readonly calls = new Map<number, Extract<CanonicalPart, { type: 'tool-call' }>>();

  add(event: CanonicalStreamEvent): void {
    switch (event.type) {
      case 'start':
        this.id = event.id;
        this.model = event.model;
        this.created = event.created;
        break;
      case 'text-delta':
        this.appendText('text', event.text);
        break;
      case 'refusal-delta':
        this.appendText('refusal', event.text);
        break;
      case 'reasoning-delta': {
        const last = this.parts.at(-1);
        // An Anthropic thinking block ends with its signature, and a redacted block stands
        // alone: reasoning after either is a block of its own.
        const sealed =
          last?.type === 'reasoning' &&
          (last.thinkingSignature !== undefined || last.redacted !== undefined);
        const part =
          last?.type === 'reasoning' && !sealed && event.redacted === undefined
            ? last
            : { type: 'reasoning' as const, text: '' };
        if (part !== last) this.parts.push(part);
        part.text += event.text;
        if (event.signature !== undefined) part.signature = event.signature;
        if (event.encrypted !== undefined) part.encrypted = event.encrypted;
        if (event.id !== undefined) part.id = event.id;
        if (event.thinkingSignature !== undefined) part.thinkingSignature = event.thinkingSignature;
        if (event.redacted !== undefined) part.redacted = event.redacted;
        break;
      }
      case 'tool-call-start': {
        const call = { type: 'tool-call' as const, id: event.id, name: event.name, arguments: '' };
        this.calls.set(event.index, call);
        this.parts.push(call);
        break;
      }
      case 'tool-call-delta': {
        const call = this.calls.get(event.index);
        if (call) call.arguments += event.argumentsDelta;
        break;
      }
      case 'tool-call-end': {
        const call = this.calls.get(event.index);
        if (call && event.signature !== undefined) call.signature = event.signature;
        break;
      }
      case 'finish':
        this.finishReason = event.reason;
        break;
      case 'usage':
        this.usage = event.usage;
        break;
      case 'error':
        this.error = { status: event.status, message: event.message };
        this.finishReason = 'error';
        break;
    }
  }

  result(): CanonicalResponse {
    return {
      id: this.id,
      model: this.model,
      created: this.created,
      parts: this.parts,
      finishReason: this.finishReason ?? (this.calls.size > 0 ? 'tool_calls' : 'stop'),
      ...(this.usage ? { usage: this.usage } : {}),
    };
  }

  private appendText(type: 'text' | 'refusal', text: string): void {
    const last = this.parts.at(-1);
    if (last?.type === type) last.text += text;
    else this.parts.push({ type, text });
  }
}
