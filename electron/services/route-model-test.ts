import type { RouteModelTest } from '../../shared/contract.ts';
import { upstreamMessage } from './upstream-message.ts';

/** Long enough for a slow model's short answer; a test should not hang on a stuck one. */
const TEST_TIMEOUT_MS = 60_000;

export interface ModelTestTarget {
  /** The gateway's base URL while it listens. */
  gatewayUrl: string | null;
  /** Why it does not listen, said instead of an answer. */
  gatewayProblem: string | null;
  /** The app's internal token: the test is logged and metered like Chat's requests. */
  token: string;
  timeoutMs?: number;
}

interface ChatAnswer {
  choices?: { message?: { content?: unknown; refusal?: unknown } }[];
}

/**
 * One short, non-streamed chat-completions request for `model` through the app's own gateway,
 * exactly as a tool would send it: translated, logged and metered like any other.
 */
export async function testModelThroughGateway(
  target: ModelTestTarget,
  model: string,
): Promise<RouteModelTest> {
  const started = performance.now();
  const result = (ok: boolean, status: number | null, text: string): RouteModelTest => ({
    model,
    ok,
    status,
    latencyMs: Math.round(performance.now() - started),
    text,
  });
  if (!target.gatewayUrl)
    return result(false, null, target.gatewayProblem ?? 'The gateway is not running.');
  let response: Response;
  let body: string;
  try {
    response = await fetch(`${target.gatewayUrl}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${target.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        model,
        messages: [{ role: 'user', content: 'Say OK.' }],
        max_tokens: 16,
      }),
      signal: AbortSignal.timeout(target.timeoutMs ?? TEST_TIMEOUT_MS),
    });
    body = await response.text();
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    return result(
      false,
      null,
      timedOut
        ? `No answer within ${String((target.timeoutMs ?? TEST_TIMEOUT_MS) / 1000)} s.`
        : `Cannot reach the gateway at ${target.gatewayUrl}: ${causeOf(error)}`,
    );
  }
  if (!response.ok)
    return result(
      false,
      response.status,
      upstreamMessage(body) || `The gateway answered ${response.status}.`,
    );
  return result(true, response.status, answerText(body));
}

/** The answer's text; a model that said nothing (all reasoning, say) still answered. */
function answerText(body: string): string {
  try {
    const message = (JSON.parse(body) as ChatAnswer).choices?.[0]?.message;
    return [message?.content, message?.refusal].filter((t) => typeof t === 'string').join('');
  } catch {
    return '';
  }
}

function causeOf(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  return cause instanceof Error ? cause.message : String(cause);
}
