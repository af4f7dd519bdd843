import type { CanonicalPart } from './canonical-request.ts';
import type { CanonicalResponse, CanonicalUsage, FinishReason } from './canonical-response.ts';
import type { CanonicalStreamEvent } from './canonical-stream.ts';
import { mergeFormatState } from './format-state.ts';

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
  /** The reasoning part a `last` or `whole` delta closed, which takes no more text. */
  private sealed: CanonicalPart | undefined;

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
        // A part a delta ended (`last`) or that stands alone (`whole`) takes no more reasoning.
        const part =
          last?.type === 'reasoning' && last !== this.sealed && event.part !== 'whole'
            ? last
            : { type: 'reasoning' as const, text: '' };
        if (part !== last) this.parts.push(part);
        part.text += event.text;
        const state = mergeFormatState(part.state, event.state);
        if (state !== undefined) part.state = state;
        if (event.part !== undefined) this.sealed = part;
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
        const state = mergeFormatState(call?.state, event.state);
        if (call && state !== undefined) call.state = state;
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
