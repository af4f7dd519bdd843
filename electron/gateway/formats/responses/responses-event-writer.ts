import { sseRecord } from '../../canonical/sse-record.ts';

/**
 * Responses SSE framing: `event: <type>` and `data: <json>` with `sequence_number` counted from
 * 0 across every event of the stream, the way the real API writes it.
 */
export interface ResponsesEventWriter {
  write(type: string, fields: Record<string, unknown>): string;
  /** Takes the next sequence number for a record written elsewhere (the `error` record). */
  takeSequence(): number;
}

export function createResponsesEventWriter(): ResponsesEventWriter {
  let sequence = 0;
  return {
    write(type, fields) {
      const payload = { type, sequence_number: sequence++, ...fields };
      return sseRecord(payload, type);
    },
    takeSequence: () => sequence++,
  };
}
