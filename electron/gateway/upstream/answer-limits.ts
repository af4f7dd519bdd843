import { GatewayError } from '../canonical/gateway-error.ts';

/**
 * How much of an upstream's 2xx answer the gateway holds in memory at once. A non-streamed answer
 * it must parse (to translate it) is read whole, so it is capped; one it passes through is held
 * only up to the metering limit and streamed on past it. A stream is read record by record, so
 * only one record is capped. Both are far above any real answer: they stop a runaway or hostile
 * upstream from taking the process's memory.
 */
export const MAX_PARSED_ANSWER_BYTES = 64 * 1024 * 1024;
export const MAX_STREAM_RECORD_CHARS = 16 * 1024 * 1024;

export const answerTooLarge = (what: string, limit: number): GatewayError =>
  new GatewayError(
    502,
    `The upstream sent ${what} larger than ${Math.round(limit / (1024 * 1024))} MiB; the gateway stopped reading it.`,
    { code: 'upstream_response_too_large' },
  );
