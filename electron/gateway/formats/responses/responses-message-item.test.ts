import { describe, expect, it } from 'vitest';
import { openMessageItem } from './responses-message-item.ts';
import { recordingSink } from '../../../../test/doubles/formats/responses-test-support.ts';

describe('message item writer', () => {
  it('adds each part before its first delta and closes every part in order', () => {
    const { sink, events, output } = recordingSink();
    const message = openMessageItem(sink);
    expect(message.opened).toBe('<response.output_item.added>');
    message.delta('refusal', 'No');
    message.delta('text', 'Hi');
    message.delta('refusal', '.');
    expect(message.delta('text', '')).toBe('');
    message.close('incomplete');
    expect(events.map((e) => [e.type, e.content_index])).toEqual([
      ['response.output_item.added', undefined],
      ['response.content_part.added', 0],
      ['response.refusal.delta', 0],
      ['response.content_part.added', 1],
      ['response.output_text.delta', 1],
      ['response.refusal.delta', 0],
      ['response.refusal.done', 0],
      ['response.content_part.done', 0],
      ['response.output_text.done', 1],
      ['response.content_part.done', 1],
      ['response.output_item.done', undefined],
    ]);
    expect(events[0]?.item).toMatchObject({ content: [], status: 'in_progress' });
    expect(output[0]).toMatchObject({
      status: 'incomplete',
      content: [
        { type: 'refusal', refusal: 'No.' },
        { type: 'output_text', text: 'Hi', annotations: [], logprobs: [] },
      ],
    });
  });
});
