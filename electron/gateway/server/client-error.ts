import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { codecForPath } from '../formats/codecs.ts';
import { GatewayError } from '../canonical/gateway-error.ts';

type ClientError = Error & { code?: string; rawPacket?: Buffer };

const STATUS_BY_CODE: Record<string, { status: number; message: string }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    message: 'The request line and headers are larger than the gateway accepts (16 KiB).',
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    message: 'The request did not arrive in time.',
  },
  HPE_HEADERS_TIMEOUT: { status: 408, message: 'The request headers did not arrive in time.' },
};

/** The path of the request line, from the bytes Node's parser rejected (if it got that far). */
function requestPath(raw: Buffer | undefined): string {
  const line = raw?.subarray(0, 2048).toString('latin1').split('\r\n')[0] ?? '';
  return /^[A-Z]+ (\S+)/.exec(line)?.[1] ?? '';
}

/**
 * Answers a request Node's HTTP parser refused before the gateway saw it (headers too large,
 * bytes that are not HTTP, a request that never finished arriving) with a JSON error in the
 * format of the path it asked for, where Node's default would be a bare status line.
 */
export function answerClientError(error: ClientError, socket: Duplex): void {
  const response = (socket as { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (error.code === 'ECONNRESET' || !socket.writable || response?.headersSent) {
    socket.destroy();
    return;
  }
  const known = STATUS_BY_CODE[error.code ?? ''];
  const status = known?.status ?? 400;
  const message = known?.message ?? 'The request is not valid HTTP/1.1.';
  const path = requestPath(error.rawPacket);
  const body = JSON.stringify(
    codecForPath(path).errorBody(new GatewayError(status, message, { code: 'bad_http_request' })),
  );
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}\r\n` +
      'content-type: application/json; charset=utf-8\r\n' +
      `content-length: ${Buffer.byteLength(body)}\r\n` +
      'connection: close\r\n\r\n' +
      body,
  );
}
