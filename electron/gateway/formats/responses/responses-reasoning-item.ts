import { newId } from '../../canonical/ids.ts';
import type { ItemSink } from './responses-item-sink.ts';

export interface ReasoningItemWriter {
  opened: string;
  /** Summary text, streamed as `reasoning_summary_text.delta` of summary part 0. */
  delta(text: string): string;
  /** Opaque upstream state, shown on the item when it is done. */
  seal(encrypted: string): void;
  close(): string;
}

/**
 * One reasoning item on a responses stream. Its id is fresh, except for encrypted reasoning,
 * which stays bound to the upstream item id it was issued for.
 */
export function openReasoningItem(sink: ItemSink, upstreamId?: string): ReasoningItemWriter {
  const summary: { type: 'summary_text'; text: string }[] = [];
  const item: Record<string, unknown> & { id: string } = {
    id: upstreamId ?? newId('rs_'),
    type: 'reasoning',
    summary,
  };
  const outputIndex = sink.add(item);
  const at = { item_id: item.id, output_index: outputIndex, summary_index: 0 };

  return {
    opened: sink.write('response.output_item.added', {
      output_index: outputIndex,
      item: { ...item, summary: [] },
    }),
    delta(text) {
      if (!text) return '';
      let out = '';
      let part = summary[0];
      if (!part) {
        part = { type: 'summary_text', text: '' };
        out += sink.write('response.reasoning_summary_part.added', { ...at, part: { ...part } });
        summary.push(part);
      }
      part.text += text;
      return out + sink.write('response.reasoning_summary_text.delta', { ...at, delta: text });
    },
    seal(encrypted) {
      item.encrypted_content = encrypted;
    },
    close() {
      let out = '';
      const part = summary[0];
      if (part) {
        out += sink.write('response.reasoning_summary_text.done', { ...at, text: part.text });
        out += sink.write('response.reasoning_summary_part.done', { ...at, part });
      }
      return out + sink.write('response.output_item.done', { output_index: outputIndex, item });
    },
  };
}
