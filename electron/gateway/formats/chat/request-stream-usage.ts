export interface UsageRequest {
  body: Buffer;
  /** The client asked for the usage chunk itself, so it is forwarded. */
  clientAsked: boolean;
  /** The body was changed (the `chat.stream_usage_requested` rule). */
  changed: boolean;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Makes a streamed chat request ask for usage (`stream_options.include_usage`), so every
 * stream can be metered. When the client sent no `stream_options`, the field is spliced in
 * after the opening brace and every other byte of the body stays as the client wrote it.
 */
export function requestStreamUsage(raw: Buffer, body: Record<string, unknown>): UsageRequest {
  const options = body.stream_options;
  if (isRecord(options) && options.include_usage === true)
    return { body: raw, clientAsked: true, changed: false };
  if (options === undefined) {
    const brace = raw.indexOf(0x7b); // '{'
    const splice = Buffer.from('"stream_options":{"include_usage":true},');
    return {
      body: Buffer.concat([raw.subarray(0, brace + 1), splice, raw.subarray(brace + 1)]),
      clientAsked: false,
      changed: true,
    };
  }
  const merged = {
    ...body,
    stream_options: { ...(isRecord(options) ? options : {}), include_usage: true },
  };
  return { body: Buffer.from(JSON.stringify(merged)), clientAsked: false, changed: true };
}
