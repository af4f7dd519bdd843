/**
 * An error the gateway answers with itself. It carries what every wire format needs to
 * render it (status, message, the offending parameter), so the renderer of each format can
 * turn it into that format's body without guessing.
 */
export interface GatewayErrorOptions {
  /** Machine code in OpenAI style (e.g. `model_not_found`); Google bodies use the status name. */
  code?: string;
  /** The request field at fault, where there is one. */
  param?: string;
  /** Seconds, passed on as `Retry-After`. */
  retryAfterSeconds?: number;
  /** Extra response headers (e.g. `Allow` on 405). */
  headers?: Record<string, string>;
  /**
   * The caller has no credit left (a local token's budget is spent): each format says it the
   * way its own service says "out of credit", so that agents stop instead of retrying.
   */
  outOfCredit?: boolean;
  cause?: unknown;
}

export class GatewayError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly param: string | undefined;
  readonly retryAfterSeconds: number | undefined;
  readonly headers: Record<string, string>;
  readonly outOfCredit: boolean;

  constructor(status: number, message: string, options: GatewayErrorOptions = {}) {
    super(message, { cause: options.cause });
    this.name = 'GatewayError';
    this.status = status;
    this.code = options.code;
    this.param = options.param;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.headers = options.headers ?? {};
    this.outOfCredit = options.outOfCredit === true;
  }
}

export const badRequest = (
  message: string,
  param?: string,
  code = 'invalid_request',
): GatewayError =>
  new GatewayError(400, message, { code, ...(param === undefined ? {} : { param }) });
