import type { CanonicalRequest } from '../gateway/canonical/canonical-request.ts';
import type { ConversionContext, ResponseStore } from '../gateway/canonical/conversion-context.ts';
import type { FormatCodec, PathRequest } from '../gateway/canonical/format-codec.ts';
import { GatewayError } from '../gateway/canonical/gateway-error.ts';
import { memoryStateStore } from '../gateway/canonical/memory-stores.ts';
import { CODEC_LIST } from '../gateway/formats/codecs.ts';
import { AppError } from './app-services-api.ts';
import { errorText, type ErrorText } from '../../shared/error-text.ts';

/** What the log kept of a request that this needs. */
export interface LoggedRequest {
  /** The request path, without its query (as the log records it). */
  path: string;
  /** The captured body, or null when capture was off. */
  body: string | null;
  /** What the gateway read from the request line when it served it. */
  model: string | null;
  stream: boolean;
}

const cannot = (why: string, i18n: ErrorText): AppError =>
  new AppError('bad_request', `This request cannot be opened in chat: ${why}`, { i18n });

/**
 * A logged request's captured body as the canonical request, read by the same codec the gateway
 * chose for its path when it served it (the format registry: no format is named here). Nothing
 * is written anywhere: earlier answers a responses request refers to (`previous_response_id`)
 * are read from the app's response store, and state the decoders would keep goes to a scratch
 * store.
 */
export function decodeLoggedRequest(
  logged: LoggedRequest,
  responses: Pick<ResponseStore, 'get'>,
): CanonicalRequest {
  if (logged.body === null)
    throw cannot(
      'its body was not captured (turn on body capture in Settings).',
      errorText('chat.errors.fromLog.notCaptured'),
    );
  let match: { codec: FormatCodec; path: PathRequest } | undefined;
  for (const codec of CODEC_LIST) {
    const path = codec.matchPath(logged.path, new URLSearchParams());
    if (path instanceof GatewayError) {
      // The log keeps the path without its query. A path this codec owns but cannot read
      // without it (a stream flag in the query) was read when the request was served: the log
      // has what the gateway took from it.
      match = {
        codec,
        path: { ...(logged.model ? { model: logged.model } : {}), stream: logged.stream },
      };
      break;
    }
    if (path !== undefined) {
      match = { codec, path };
      break;
    }
  }
  if (!match)
    throw cannot(
      `${logged.path} is not a generation request, so it has no messages.`,
      errorText('chat.errors.fromLog.notGeneration', { path: logged.path }),
    );
  let body: unknown;
  try {
    body = JSON.parse(logged.body);
  } catch {
    throw logged.body.endsWith('[truncated]')
      ? cannot(
          'its captured body was cut at the capture size limit, so its messages are incomplete.',
          errorText('chat.errors.fromLog.truncated'),
        )
      : cannot('its captured body is not JSON.', errorText('chat.errors.fromLog.notJson'));
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw cannot(
      'its captured body is not a JSON object.',
      errorText('chat.errors.fromLog.notObject'),
    );
  const record = body as Record<string, unknown>;
  const ctx: ConversionContext = {
    rules: [],
    dropped: [],
    state: memoryStateStore(1),
    responses: { get: (id) => responses.get(id), set: () => {} },
  };
  try {
    return match.codec.decodeRequest(record, ctx, match.codec.readEnvelope(record, match.path));
  } catch (error) {
    if (error instanceof GatewayError)
      throw cannot(
        error.message,
        errorText('chat.errors.fromLog.unreadable', { detail: error.message }),
      );
    throw error;
  }
}
