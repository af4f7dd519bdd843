import { describe, expect, it } from 'vitest';
import { openReasoningItem } from './responses-reasoning-item.ts';
import { recordingSink } from '../../../../test/doubles/formats/responses-test-support.ts';

describe('reasoning item writer', () => {
  it('streams summary part 0 and shows encrypted content only on the done item', () => {
    const { sink, events } = recordingSink();
    const reasoning = openReasoningItem(sink, 'rs_up');
    reasoning.delta('a');
    reasoning.seal('E');
    reasoning.delta('b');
    reasoning.close();
    expect(events.map((e) => e.type)).toEqual([
      'response.output_item.added',
      'response.reasoning_summary_part.added',
      'response.reasoning_summary_text.delta',
      'response.reasoning_summary_text.delta',
      'response.reasoning_summary_text.done',
      'response.reasoning_summary_part.done',
      'response.output_item.done',
    ]);
    expect(events[0]?.item).toEqual({ id: 'rs_up', type: 'reasoning', summary: [] });
    expect(events.at(-1)?.item).toEqual({
      id: 'rs_up',
      type: 'reasoning',
      summary: [{ type: 'summary_text', text: 'ab' }],
      encrypted_content: 'E',
    });
  });

  it('closes without summary events when no text came, with a fresh id', () => {
    const { sink, events } = recordingSink();
    const reasoning = openReasoningItem(sink);
    reasoning.close();
    expect(events.map((e) => e.type)).toEqual([
      'response.output_item.added',
      'response.output_item.done',
    ]);
    expect(String(events[0]?.item && (events[0].item as { id: string }).id)).toMatch(/^rs_/);
  });
});
