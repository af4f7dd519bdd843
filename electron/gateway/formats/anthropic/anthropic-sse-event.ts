import { sseRecord } from '../../canonical/sse-record.ts';

/** One Anthropic SSE record: the event is named after its data's `type`, as Messages names them. */
export function anthropicSseEvent(data: { type: string } & Record<string, unknown>): string {
  return sseRecord(data, data.type);
}
