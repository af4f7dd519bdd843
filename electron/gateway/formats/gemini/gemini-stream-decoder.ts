import type { EventSourceMessage } from 'eventsource-parser';
import type { CanonicalUsage } from '../../canonical/canonical-response.ts';
import type { CanonicalStreamEvent } from '../../canonical/canonical-stream.ts';
import { addRule, type ConversionContext } from '../../canonical/conversion-context.ts';
import type { StreamDecoder } from '../../canonical/format-codec.ts';
import { newId, nowSeconds } from '../../canonical/ids.ts';
import { isRecord, tryParseJson } from '../../canonical/json.ts';
import { PartialArgs } from './gemini-partial-args.ts';
import { geminiTextRecord } from './gemini-stream-skim.ts';
import { geminiUsageToCanonical } from './gemini-usage.ts';
import { mapGeminiFinishReason } from './map-gemini-finish-reason.ts';
import { withGeminiSignature } from './gemini-state.ts';
import { signatureStateKey } from './thought-signature.ts';

/** A Vertex call whose arguments are still arriving as `partialArgs`. */
interface OpenCall {
  index: number;
  id: string;
  signature: string | undefined;
  args: PartialArgs;
}

/**
 * Gemini SSE → canonical events. Each record is a whole GenerateContentResponse holding only
 * new parts. The Developer API sends each function call whole; Vertex may stream one as a
 * named part with `willContinue`, then `partialArgs` pieces, then an empty `functionCall: {}`
 * (sometimes missing). Such arguments are assembled and sent as one delta when the call ends,
 * because its pieces address JSON paths, not text. `usageMetadata` is a running total and the
 * finish reason comes with the last candidate record, so both are held until `end()`.
 */
export class GeminiStreamDecoder implements StreamDecoder {
  private readonly ctx: ConversionContext;
  private started = false;
  private failed = false;
  private calls = 0;
  private open: OpenCall | undefined;
  private finishReason: string | undefined;
  private blocked = false;
  private sawCandidate = false;
  private usage: CanonicalUsage | undefined;
  /** The last skimmed record that carried usage: read only when a later record or the end needs it. */
  private skimmedUsage: string | undefined;

  constructor(ctx: ConversionContext) {
    this.ctx = ctx;
  }

  push(event: EventSourceMessage): CanonicalStreamEvent[] {
    this.readSkimmedUsage();
    if (this.failed || event.data.trim() === '') return [];
    const parsed = tryParseJson(event.data);
    // Some Google front ends wrap records (errors especially) in a JSON array.
    const records = Array.isArray(parsed) ? parsed : [parsed];
    const out: CanonicalStreamEvent[] = [];
    for (const record of records) {
      if (this.failed) break;
      if (!isRecord(record)) {
        out.push(
          this.fail(
            502,
            'The upstream sent a stream record that is not a JSON object.',
            'upstream_invalid_response',
          ),
        );
        break;
      }
      this.read(record, out);
    }
    return out;
  }

  /**
   * Usage is a running total, held until the end, so of the records skimmed only the last
   * one's usage is read (each skimmed record's usage has counts, so it replaces the one before).
   */
  skim(event: EventSourceMessage): CanonicalStreamEvent[] | undefined {
    if (this.failed || !this.started || this.open !== undefined) return undefined;
    const record = geminiTextRecord(event.data);
    if (record === undefined) return undefined;
    this.sawCandidate = true;
    if (record.usage) this.skimmedUsage = event.data;
    return record.text ? [{ type: 'text-delta', text: record.text }] : [];
  }

  end(): CanonicalStreamEvent[] {
    this.readSkimmedUsage();
    if (this.failed) return [];
    if (!this.started) {
      return [
        this.fail(
          502,
          'The upstream stream ended without sending any record.',
          'upstream_empty_stream',
        ),
      ];
    }
    const out: CanonicalStreamEvent[] = [];
    this.closeCall(out);
    // Gemini has no terminal record: its last candidate carries the finish reason. A stream
    // that sent candidates but no finish reason was cut, however cleanly it ended.
    if (this.sawCandidate && this.finishReason === undefined && !this.blocked) {
      if (this.usage) out.push({ type: 'usage', usage: this.usage });
      out.push(
        this.fail(
          502,
          'The upstream stream ended before the answer was finished.',
          'upstream_stream_truncated',
        ),
      );
      return out;
    }
    if (this.finishReason !== undefined) {
      out.push({
        type: 'finish',
        reason: mapGeminiFinishReason(this.finishReason, this.calls > 0),
      });
    } else if (this.blocked) {
      out.push({ type: 'finish', reason: 'content_filter' });
    }
    if (this.usage) out.push({ type: 'usage', usage: this.usage });
    return out;
  }

  private readSkimmedUsage(): void {
    if (this.skimmedUsage === undefined) return;
    const record = tryParseJson(this.skimmedUsage);
    this.skimmedUsage = undefined;
    const usage = isRecord(record) ? geminiUsageToCanonical(record.usageMetadata) : undefined;
    if (usage) this.usage = usage;
  }

  private read(record: Record<string, unknown>, out: CanonicalStreamEvent[]): void {
    if (isRecord(record.error)) {
      const { code, message, status } = record.error;
      out.push(
        this.fail(
          typeof code === 'number' && code >= 400 && code <= 599 ? code : 502,
          typeof message === 'string' ? message : JSON.stringify(record.error),
          // Lower-cased like an error answer's (decodeGeminiError), so one upstream failure
          // carries one code whether it came before the stream or inside it.
          typeof status === 'string' ? status.toLowerCase() : undefined,
        ),
      );
      return;
    }
    if (!this.started) {
      this.started = true;
      out.push({
        type: 'start',
        id:
          typeof record.responseId === 'string' && record.responseId
            ? record.responseId
            : newId('resp_'),
        model: typeof record.modelVersion === 'string' ? record.modelVersion : '',
        created: nowSeconds(),
      });
    }
    const usage = geminiUsageToCanonical(record.usageMetadata);
    if (usage) this.usage = usage;
    if (isRecord(record.promptFeedback) && typeof record.promptFeedback.blockReason === 'string') {
      this.blocked = true;
    }
    const candidate = Array.isArray(record.candidates) ? record.candidates[0] : undefined;
    if (!isRecord(candidate)) return;
    this.sawCandidate = true;
    const content = candidate.content;
    if (isRecord(content) && Array.isArray(content.parts)) {
      for (const part of content.parts) {
        if (this.failed) return;
        if (isRecord(part)) this.readPart(part, out);
      }
    }
    if (typeof candidate.finishReason === 'string') this.finishReason = candidate.finishReason;
  }

  private readPart(part: Record<string, unknown>, out: CanonicalStreamEvent[]): void {
    const signature = typeof part.thoughtSignature === 'string' ? part.thoughtSignature : undefined;
    if (isRecord(part.functionCall)) {
      this.readCall(part.functionCall, signature, out);
      return;
    }
    this.closeCall(out);
    if (typeof part.text === 'string') {
      if (part.thought === true) {
        if (part.text !== '' || signature !== undefined)
          out.push(
            withGeminiSignature(
              { type: 'reasoning-delta', text: part.text },
              signature || undefined,
            ),
          );
        return;
      }
      if (part.text !== '') out.push({ type: 'text-delta', text: part.text });
      // The signature of a signed answer text (often on a last, empty part) must survive.
      if (signature !== undefined)
        out.push(withGeminiSignature({ type: 'reasoning-delta', text: '' }, signature));
      return;
    }
    if (signature !== undefined) {
      out.push(withGeminiSignature({ type: 'reasoning-delta', text: '' }, signature));
      return;
    }
    addRule(this.ctx, 'gemini.unsupported_output_part_dropped');
  }

  private readCall(
    call: Record<string, unknown>,
    signature: string | undefined,
    out: CanonicalStreamEvent[],
  ): void {
    if (typeof call.name === 'string' && call.name !== '') {
      this.closeCall(out);
      const index = this.calls++;
      const id = typeof call.id === 'string' && call.id ? call.id : newId('call_');
      out.push({ type: 'tool-call-start', index, id, name: call.name });
      this.open = { index, id, signature, args: new PartialArgs() };
      if (isRecord(call.args)) {
        // A whole call: the Developer API's only form.
        out.push({ type: 'tool-call-delta', index, argumentsDelta: JSON.stringify(call.args) });
        this.finishCall(out, this.open);
        this.open = undefined;
        return;
      }
    }
    const open = this.open;
    if (open === undefined) return; // a terminal `functionCall: {}` with nothing open
    for (const piece of Array.isArray(call.partialArgs) ? call.partialArgs : []) {
      if (!open.args.apply(piece)) {
        out.push(
          this.fail(
            502,
            `The upstream streamed unreadable arguments for '${open.id}': ${JSON.stringify(piece)}`,
            'upstream_invalid_response',
          ),
        );
        return;
      }
    }
    if (call.willContinue !== true) this.closeCall(out);
  }

  private closeCall(out: CanonicalStreamEvent[]): void {
    const open = this.open;
    if (open === undefined) return;
    this.open = undefined;
    out.push({
      type: 'tool-call-delta',
      index: open.index,
      argumentsDelta: JSON.stringify(open.args.value()),
    });
    this.finishCall(out, open);
  }

  private finishCall(out: CanonicalStreamEvent[], call: OpenCall): void {
    if (call.signature !== undefined)
      this.ctx.state.set(signatureStateKey(call.id), call.signature);
    out.push(withGeminiSignature({ type: 'tool-call-end', index: call.index }, call.signature));
  }

  private fail(status: number, message: string, code: string | undefined): CanonicalStreamEvent {
    this.failed = true;
    return { type: 'error', status, message, ...(code === undefined ? {} : { code }) };
  }
}

export const createGeminiStreamDecoder = (ctx: ConversionContext): StreamDecoder =>
  new GeminiStreamDecoder(ctx);
