import { describe, expect, it } from 'vitest';
import { openCallItem } from './responses-call-item.ts';
import { recordingSink } from '../../../../test/doubles/formats/responses-test-support.ts';

describe('function call item writer', () => {
  it('streams arguments, closes once, and names the item by its fc_ id', () => {
    const { sink, events, output } = recordingSink();
    const call = openCallItem(sink, 'call_1', 'f');
    call.delta('{"a"');
    call.delta(':1}');
    call.close('completed');
    expect(call.close('completed')).toBe('');
    expect(call.delta('late')).toBe('');
    const id = (output[0] as { id: string }).id;
    expect(id).toMatch(/^fc_/);
    expect(
      events.slice(1).every((e) => e.type === 'response.output_item.done' || e.item_id === id),
    ).toBe(true);
    // The schema requires `name` on `.done`, though recordings of the real API leave it out.
    expect(events.find((e) => e.type === 'response.function_call_arguments.done')).toMatchObject({
      name: 'f',
      arguments: '{"a":1}',
    });
    expect(output[0]).toMatchObject({
      status: 'completed',
      call_id: 'call_1',
      name: 'f',
      arguments: '{"a":1}',
    });
  });
});
