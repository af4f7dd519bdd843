import type { ServerResponse } from 'node:http';
import type { LimitLedger } from '../policy/limits.ts';
import type { FinishCapture } from './capture.ts';
import type { RequestContext } from './request-context.ts';
import type { RequestRecord } from './request-record.ts';

const CLIENT_CLOSED_REQUEST = 499;

export interface RecordSinks {
  /** Removes the upstream key from text bound for the log (the current upstream's scrubber). */
  scrub: (text: string) => string;
  /** Where a request's hold on per-minute limits is released; none without limits. */
  ledger: LimitLedger | undefined;
  /** Called once per request when it is over; must not throw or block. */
  onRecord: ((record: RequestRecord) => void) | undefined;
  log: (message: string) => void;
}

/**
 * Closes a request's record once its answer is over, and hands it on: its final status, its
 * captured bodies, its hold on the per-minute limits released.
 */
export function finishRecord(
  ctx: RequestContext,
  res: ServerResponse,
  capture: FinishCapture | null,
  sinks: RecordSinks,
): void {
  // Last line of defence for the upstream key: whatever an upstream quoted into an error
  // message or a captured answer is scrubbed before the record is written anywhere.
  if (ctx.record.errorMessage) ctx.record.errorMessage = sinks.scrub(ctx.record.errorMessage);
  if (capture) ctx.record.capture = capture(ctx.requestBody, sinks.scrub);
  // A client that left before any answer was sent got no status: log nginx's 499
  // (client closed request) rather than the 200 Node presets.
  const record = ctx.finish(
    ctx.record.cancelled && !res.headersSent ? CLIENT_CLOSED_REQUEST : res.statusCode,
  );
  // The per-minute counters are freed of what the request held beyond its tokens; its
  // budget share stays held until its row, with the metered cost, is written.
  if (record.limitHold) {
    const usage = record.usage;
    sinks.ledger?.release(record.limitHold, {
      tokens: usage ? usage.inputTokens + usage.outputTokens : 0,
    });
  }
  try {
    sinks.onRecord?.(record);
  } catch (error) {
    sinks.log(`request record hook failed: ${String(error)}`);
  }
}
