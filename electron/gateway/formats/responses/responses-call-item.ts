import { newId } from '../../canonical/ids.ts';
import type { ItemSink, ItemStatus } from './responses-item-sink.ts';

export interface CallItemWriter {
  opened: string;
  delta(argumentsDelta: string): string;
  /** `function_call_arguments.done` and `output_item.done`, once; '' after that. */
  close(status: ItemStatus): string;
}

/**
 * One function_call item on a responses stream. `call_id` is the canonical tool-call id (the
 * id every format shares); `id` is the item's own `fc_` id, which its events name.
 */
export function openCallItem(
  sink: ItemSink,
  callId: string,
  name: string,
  namespace?: string,
): CallItemWriter {
  const item = {
    id: newId('fc_'),
    type: 'function_call',
    status: 'in_progress',
    call_id: callId || newId('call_'),
    name,
    ...(namespace === undefined ? {} : { namespace }),
    arguments: '',
  };
  const outputIndex = sink.add(item);
  const at = { item_id: item.id, output_index: outputIndex };
  let done = false;

  return {
    opened: sink.write('response.output_item.added', {
      output_index: outputIndex,
      item: { ...item },
    }),
    delta(argumentsDelta) {
      if (done || !argumentsDelta) return '';
      item.arguments += argumentsDelta;
      return sink.write('response.function_call_arguments.delta', { ...at, delta: argumentsDelta });
    },
    close(status) {
      if (done) return '';
      done = true;
      item.status = status;
      return (
        // The schema requires `name` here, though recordings of the real API leave it out.
        sink.write('response.function_call_arguments.done', {
          ...at,
          name: item.name,
          arguments: item.arguments,
        }) + sink.write('response.output_item.done', { output_index: outputIndex, item })
      );
    },
  };
}
