import { describe, expect, it } from 'vitest';
import { anthropicSseEvent } from './anthropic-sse-event.ts';

describe('anthropicSseEvent', () => {
  it('names the event after its type', () => {
    expect(anthropicSseEvent({ type: 'message_stop' })).toBe(
      'event: message_stop\ndata: {"type":"message_stop"}\n\n',
    );
  });
});
