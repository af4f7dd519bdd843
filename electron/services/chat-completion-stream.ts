import { createParser, type EventSourceMessage } from 'eventsource-parser';
import type { ChatParams } from '../../shared/contract.ts';
import type { ChatTurn } from './chat-turns.ts';
import { upstreamMessage } from './upstream-message.ts';

export interface ChatCallResult {
  /** The gateway's id for the request (its `x-request-id`), to find the log entry. */
  requestId: string | null;
  text: string;
  /** The upstream's (or the gateway's) own message when the answer failed. */
  error: string | null;
  /**
   * The gateway's codes for the failure (its error body's `code` and `type`, which for an
   * upstream error passed through are the upstream's), or the chat's own: `gateway_unreachable`
   * (no connection), `answer_cut_off` (the stream broke). Empty on success.
   */
  errorCodes: string[];
  /** The status the gateway answered a failed request with; null when it failed mid-stream. */
  errorStatus: number | null;
  aborted: boolean;
  /** From the stream's usage chunk, when it came. */
  usage: { inputTokens: number; outputTokens: number } | null;
}

interface ChatChunk {
  choices?: { delta?: { content?: unknown; refusal?: unknown } }[];
  usage?: { prompt_tokens?: unknown; completion_tokens?: unknown } | null;
  error?: { message?: unknown; code?: unknown; type?: unknown };
}

/** The codes in an error body or record: its `code`, then its `type`. */
const errorCodesOf = (error: { code?: unknown; type?: unknown }): string[] =>
  [error.code, error.type].filter((code): code is string => typeof code === 'string' && !!code);

function errorCodesInBody(body: string): string[] {
  try {
    const parsed = JSON.parse(body) as { error?: unknown } | null;
    const error = parsed?.error;
    return error && typeof error === 'object' ? errorCodesOf(error) : [];
  } catch {
    return [];
  }
}

/**
 * One streamed chat-completions call to the app's own gateway, exactly as a tool would make it:
 * so the Chat page's traffic is authenticated, translated, logged and metered like any other.
 * Aborting `signal` closes the connection, which makes the gateway cancel the upstream call.
 */
export async function streamChatCompletion(input: {
  gatewayUrl: string;
  token: string;
  model: string;
  messages: ChatTurn[];
  /** The conversation's parameters; those left unset are not sent (the model's default). */
  params: ChatParams;
  signal: AbortSignal;
  onText: (text: string) => void;
}): Promise<ChatCallResult> {
  const result: ChatCallResult = {
    requestId: null,
    text: '',
    error: null,
    errorCodes: [],
    errorStatus: null,
    aborted: false,
    usage: null,
  };
  let response: Response;
  try {
    response = await fetch(`${input.gatewayUrl}/v1/chat/completions`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${input.token}`,
        'content-type': 'application/json',
        accept: 'text/event-stream',
      },
      body: JSON.stringify({
        model: input.model,
        messages: input.messages,
        stream: true,
        stream_options: { include_usage: true },
        ...requestParams(input.params),
      }),
      signal: input.signal,
    });
  } catch (error) {
    if (input.signal.aborted) return { ...result, aborted: true };
    return {
      ...result,
      error: `Cannot reach the gateway at ${input.gatewayUrl}: ${causeOf(error)}`,
      errorCodes: ['gateway_unreachable'],
    };
  }
  result.requestId = response.headers.get('x-request-id');
  if (!response.ok || !response.body) {
    const body = await response.text().catch(() => '');
    result.error = upstreamMessage(body) || `The gateway answered ${response.status}.`;
    result.errorCodes = errorCodesInBody(body);
    result.errorStatus = response.status;
    return result;
  }

  const parser = createParser({
    onEvent: (event: EventSourceMessage) => {
      if (event.data === '[DONE]') return;
      let chunk: ChatChunk;
      try {
        chunk = JSON.parse(event.data) as ChatChunk;
      } catch {
        return;
      }
      // After a stream has started, failures arrive as an in-stream error record.
      if (chunk.error) {
        result.error =
          typeof chunk.error.message === 'string' ? chunk.error.message : 'The answer failed.';
        result.errorCodes = errorCodesOf(chunk.error);
        return;
      }
      const delta = chunk.choices?.[0]?.delta;
      const text = [delta?.content, delta?.refusal].filter((t) => typeof t === 'string').join('');
      if (text) {
        result.text += text;
        input.onText(text);
      }
      const usage = chunk.usage;
      if (usage && typeof usage.prompt_tokens === 'number')
        result.usage = {
          inputTokens: usage.prompt_tokens,
          outputTokens: typeof usage.completion_tokens === 'number' ? usage.completion_tokens : 0,
        };
    },
  });
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.feed(decoder.decode(value, { stream: true }));
    }
  } catch (error) {
    if (input.signal.aborted) result.aborted = true;
    else {
      result.error = `The answer was cut off: ${causeOf(error)}`;
      result.errorCodes = ['answer_cut_off'];
    }
  }
  return result;
}

/** Chat-completions fields, as any client would send them. */
function requestParams(params: ChatParams): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  if (params.temperature != null) body.temperature = params.temperature;
  // max_tokens is refused by reasoning models; max_completion_tokens works everywhere.
  if (params.maxTokens != null) body.max_completion_tokens = params.maxTokens;
  if (params.reasoningEffort != null) body.reasoning_effort = params.reasoningEffort;
  return body;
}

function causeOf(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  return cause instanceof Error ? cause.message : String(cause);
}
