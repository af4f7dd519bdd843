import { describe, expect, it } from 'vitest';
import { createResponsesEventWriter } from './responses-event-writer.ts';

describe('responses event writer', () => {
  it('frames records with an event line and counts sequence numbers from 0 across all records', () => {
    const writer = createResponsesEventWriter();
    expect(writer.write('response.created', { response: { id: 'r' } })).toBe(
      'event: response.created\ndata: {"type":"response.created","sequence_number":0,"response":{"id":"r"}}\n\n',
    );
    expect(writer.takeSequence()).toBe(1);
    expect(writer.write('response.completed', {})).toContain('"sequence_number":2');
  });
});
