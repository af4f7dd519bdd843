import type { CanonicalStreamEvent } from '../../canonical/canonical-stream.ts';
import type { ConversionContext } from '../../canonical/conversion-context.ts';
import type { StreamDecoder, StreamRecord } from '../../canonical/format-codec.ts';
import { isRecord, tryParseJson } from '../../canonical/json.ts';
import { ollamaDoneReasonToCanonical } from './map-ollama-done-reason.ts';
import { ollamaCallToCanonical, ollamaCreatedSeconds } from './ollama-response-to-canonical.ts';
import { ollamaContent } from './ollama-stream-skim.ts';
import { ollamaUsageToCanonical } from './ollama-usage.ts';
import { newOllamaResponseId } from './ollama-wire.ts';

type ErrorEvent = Extract<CanonicalStreamEvent, { type: 'error' }>;

/**
 * An Ollama upstream's streamed `/api/chat` answer → canonical events. Each record's `data` is
 * one NDJSON line (the framing turns lines into records). Text and thinking deltas pass as they
 * come; Ollama sends each tool call whole, so a call is start, one delta and end at once. The
 * `done: true` line brings the finish reason and the counts. An `{"error": …}` line (with a
 * `status` when Ollama knows one) ends the stream with an error.
 */
class OllamaStreamDecoder implements StreamDecoder {
  private started = false;
  private over = false;
  private calls = 0;

  push(event: StreamRecord): CanonicalStreamEvent[] {
    const data = event.data.trim();
    if (this.over || data === '') return [];
    const record = tryParseJson(data);
    if (!isRecord(record))
      return [
        this.fail({
          type: 'error',
          status: 502,
          message: 'The upstream sent a stream line that is not a JSON object.',
          code: 'bad_upstream_response',
        }),
      ];
    if (record.error !== undefined && record.error !== null)
      return [this.fail(upstreamError(record))];
    const out: CanonicalStreamEvent[] = [];
    if (!this.started) {
      this.started = true;
      out.push({
        type: 'start',
        id: newOllamaResponseId(),
        model: typeof record.model === 'string' ? record.model : '',
        created: ollamaCreatedSeconds(record.created_at),
      });
    }
    const message = isRecord(record.message) ? record.message : record;
    if (typeof message.thinking === 'string' && message.thinking)
      out.push({ type: 'reasoning-delta', text: message.thinking });
    const content = message === record ? record.response : message.content;
    if (typeof content === 'string' && content) out.push({ type: 'text-delta', text: content });
    for (const call of Array.isArray(message.tool_calls) ? message.tool_calls : []) {
      const part = ollamaCallToCanonical(call);
      if (part?.type !== 'tool-call') continue;
      const index = this.calls++;
      out.push(
        { type: 'tool-call-start', index, id: part.id, name: part.name },
        { type: 'tool-call-delta', index, argumentsDelta: part.arguments },
        { type: 'tool-call-end', index },
      );
    }
    if (record.done === true) {
      this.over = true;
      out.push({
        type: 'finish',
        reason: ollamaDoneReasonToCanonical(record.done_reason, this.calls > 0),
      });
      const usage = ollamaUsageToCanonical(record);
      if (usage) out.push({ type: 'usage', usage });
    }
    return out;
  }

  skim(event: StreamRecord): CanonicalStreamEvent[] | undefined {
    if (!this.started || this.over) return undefined;
    const content = ollamaContent(event.data);
    if (content === undefined) return undefined;
    return content ? [{ type: 'text-delta', text: content }] : [];
  }

  end(): CanonicalStreamEvent[] {
    if (this.over) return [];
    return [
      this.fail({
        type: 'error',
        status: 502,
        message: this.started
          ? 'The upstream stream ended before the answer was finished.'
          : 'The upstream stream ended without sending anything.',
        code: 'upstream_stream_truncated',
      }),
    ];
  }

  private fail(event: ErrorEvent): ErrorEvent {
    this.over = true;
    return event;
  }
}

/** `{"error": "…", "status": 500}`: Ollama adds the status when it knows one. */
function upstreamError(record: Record<string, unknown>): ErrorEvent {
  const status = record.status;
  const message =
    typeof record.error === 'string' && record.error
      ? record.error
      : `The upstream failed mid-stream: ${JSON.stringify(record.error)}`;
  return {
    type: 'error',
    status:
      typeof status === 'number' && Number.isInteger(status) && status >= 400 && status <= 599
        ? status
        : 500,
    message,
  };
}

export const createOllamaStreamDecoder = (_ctx: ConversionContext): StreamDecoder =>
  new OllamaStreamDecoder();
