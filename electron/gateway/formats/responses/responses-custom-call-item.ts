import { newId } from '../../canonical/ids.ts';
import type { CallItemWriter } from './responses-call-item.ts';
import { argumentsToCustomInput } from './responses-declared-tools.ts';
import type { ItemSink } from './responses-item-sink.ts';

/**
 * One custom_tool_call item on a responses stream. The upstream streams the call as function
 * arguments (`{"input":"…"}`) whose text cannot be unescaped piece by piece, so the input is
 * written once, whole, when the call ends.
 */
export function openCustomCallItem(
  sink: ItemSink,
  callId: string,
  name: string,
  namespace: string | undefined,
): CallItemWriter {
  const item: Record<string, unknown> = {
    id: newId('ctc_'),
    type: 'custom_tool_call',
    call_id: callId || newId('call_'),
    name,
    ...(namespace === undefined ? {} : { namespace }),
    input: '',
  };
  const outputIndex = sink.add(item);
  const at = { item_id: item.id, output_index: outputIndex };
  let args = '';
  let done = false;

  return {
    opened: sink.write('response.output_item.added', {
      output_index: outputIndex,
      item: { ...item },
    }),
    delta(argumentsDelta) {
      if (!done) args += argumentsDelta;
      return '';
    },
    close() {
      if (done) return '';
      done = true;
      const input = argumentsToCustomInput(args);
      item.input = input;
      return (
        (input === ''
          ? ''
          : sink.write('response.custom_tool_call_input.delta', { ...at, delta: input })) +
        sink.write('response.custom_tool_call_input.done', { ...at, input }) +
        sink.write('response.output_item.done', { output_index: outputIndex, item })
      );
    },
  };
}
