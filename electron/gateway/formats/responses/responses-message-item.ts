import { newId } from '../../canonical/ids.ts';
import type { ItemSink, ItemStatus } from './responses-item-sink.ts';

type Part =
  | { type: 'output_text'; text: string; annotations: []; logprobs: [] }
  | { type: 'refusal'; refusal: string };

export interface MessageItemWriter {
  /** The `output_item.added` record. */
  opened: string;
  delta(kind: 'text' | 'refusal', delta: string): string;
  /** The done-chain of every part, then `output_item.done`. */
  close(status: ItemStatus): string;
}

/**
 * One assistant message item on a responses stream: `content_part.added` comes before the
 * first delta of each part (the SDK refuses deltas for a part it has not seen), text and
 * refusal each get one part, numbered in order of first appearance.
 */
export function openMessageItem(sink: ItemSink): MessageItemWriter {
  const content: Part[] = [];
  const item = {
    id: newId('msg_'),
    type: 'message',
    status: 'in_progress',
    role: 'assistant',
    content,
  };
  const outputIndex = sink.add(item);
  const at = { item_id: item.id, output_index: outputIndex };
  const slots: { text?: number; refusal?: number } = {};

  return {
    opened: sink.write('response.output_item.added', {
      output_index: outputIndex,
      item: { ...item, content: [] },
    }),
    delta(kind, delta) {
      if (!delta) return '';
      let out = '';
      let index = slots[kind];
      if (index === undefined) {
        index = content.length;
        slots[kind] = index;
        const empty: Part =
          kind === 'text'
            ? { type: 'output_text', text: '', annotations: [], logprobs: [] }
            : { type: 'refusal', refusal: '' };
        out += sink.write('response.content_part.added', {
          ...at,
          content_index: index,
          part: { ...empty },
        });
        content.push(empty);
      }
      const part = content[index];
      if (part?.type === 'output_text') {
        part.text += delta;
        return (
          out +
          sink.write('response.output_text.delta', {
            ...at,
            content_index: index,
            delta,
            logprobs: [],
          })
        );
      }
      if (part) part.refusal += delta;
      return out + sink.write('response.refusal.delta', { ...at, content_index: index, delta });
    },
    close(status) {
      let out = '';
      content.forEach((part, index) => {
        const where = { ...at, content_index: index };
        out +=
          part.type === 'output_text'
            ? sink.write('response.output_text.done', { ...where, text: part.text, logprobs: [] })
            : sink.write('response.refusal.done', { ...where, refusal: part.refusal });
        out += sink.write('response.content_part.done', { ...where, part });
      });
      item.status = status;
      return out + sink.write('response.output_item.done', { output_index: outputIndex, item });
    },
  };
}
