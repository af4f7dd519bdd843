import type { ChatErrorKind, ConnectionTest, UpstreamHealth } from './contract.ts';

/** The problems the app tells apart, because each has a different fix. */
type UpstreamProblemKind = ChatErrorKind;

/** What fixes a problem; each is one button where the problem is shown. */
export type ProblemAction =
  'retry' | 'open_key_settings' | 'open_upstream_settings' | 'open_gateway_settings' | 'pick_model';

export interface UpstreamProblem {
  kind: UpstreamProblemKind;
  heading: string;
  /** What it means and what to do, in one sentence. */
  sentence: string;
  /** Most useful first. */
  actions: ProblemAction[];
  /** The upstream's (or the network's) own words, shown under the sentence. */
  detail: string | null;
  /** How long the upstream asked to wait, when it said. */
  retryAfterSeconds: number | null;
}

/** How each problem is told: its heading, its sentence and the buttons that fix it. */
const WORDING: Readonly<
  Record<
    UpstreamProblemKind,
    {
      heading: string;
      sentence: (upstream: string, retryAfterSeconds: number | null) => string;
      actions: ProblemAction[];
    }
  >
> = {
  unreachable: {
    heading: 'Cannot reach the upstream',
    sentence: (upstream) =>
      `The gateway got no answer from ${upstream}. Check that it is up and that the base URL in Settings is right, then retry.`,
    actions: ['retry', 'open_upstream_settings'],
  },
  key_rejected: {
    heading: 'The upstream rejected the key',
    sentence: () =>
      'The upstream refused the API key the gateway sends for you. Enter a valid key in Settings.',
    actions: ['open_key_settings'],
  },
  no_key: {
    heading: 'No upstream key',
    sentence: () => 'The gateway has no key to use with the upstream yet. Enter one in Settings.',
    actions: ['open_key_settings'],
  },
  model_cannot_chat: {
    heading: 'This model cannot chat',
    sentence: () =>
      'The upstream serves this model in no chat format (an embeddings model, say). Pick another model.',
    actions: ['pick_model'],
  },
  rate_limited: {
    heading: 'Rate limited',
    sentence: (_upstream, retryAfterSeconds) =>
      retryAfterSeconds === null
        ? 'The upstream is limiting requests for this key or model. Wait a moment, then retry.'
        : `The upstream is limiting requests for this key or model. Retry after ${retryAfterSeconds} s.`,
    actions: ['retry'],
  },
  account_limit: {
    heading: 'The upstream account cannot pay for this',
    sentence: () =>
      'The upstream refused the request for the balance or quota of the key’s account. Check the account at the upstream.',
    actions: [],
  },
  upstream_error: {
    heading: 'The upstream failed',
    sentence: () =>
      'The upstream answered with a server error or broke off. This is usually passing: retry in a moment.',
    actions: ['retry'],
  },
  gateway_down: {
    heading: 'The local gateway is not running',
    sentence: () =>
      'The app’s own gateway is stopped, so nothing reaches the upstream. Settings says why.',
    actions: ['open_gateway_settings'],
  },
  model_error: {
    heading: 'The model answered with an error',
    sentence: () =>
      'The upstream passed on the model’s refusal, in its words below. Change the request or pick another model.',
    actions: ['retry', 'pick_model'],
  },
};

function problem(
  kind: UpstreamProblemKind,
  detail: string | null,
  retryAfterSeconds: number | null = null,
  where: string | null = null,
): UpstreamProblem {
  const wording = WORDING[kind];
  return {
    kind,
    heading: wording.heading,
    sentence: wording.sentence(where ?? 'the upstream', retryAfterSeconds),
    actions: [...wording.actions],
    detail,
    retryAfterSeconds,
  };
}

/**
 * Error texts by what they mean, first match wins. The first lines are the gateway's own
 * wording (electron/gateway/upstream/upstream-failure.ts, chat-completion-stream.ts), the rest
 * what upstreams commonly say.
 */
const PATTERNS: readonly [RegExp, UpstreamProblemKind][] = [
  [/^Cannot reach the gateway at|^The gateway is not running/i, 'gateway_down'],
  [/has no upstream key|no upstream key is stored|no key stored/i, 'no_key'],
  [
    /rejected the gateway's upstream key|invalid (or missing )?api key|incorrect api key|api key (is )?(invalid|not valid)/i,
    'key_rejected',
  ],
  [
    /^Cannot reach the upstream|did not answer in time|^The upstream request failed|\b(ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH)\b/i,
    'unreachable',
  ],
  [
    /is not a generation model|does not support the .+ endpoint|not a chat model/i,
    'model_cannot_chat',
  ],
  [/rate.?limit|too many requests|\b429\b|resource.?exhausted/i, 'rate_limited'],
  [/insufficient (account )?balance|insufficient_quota|quota exceeded|billing/i, 'account_limit'],
  [
    /\(5\d\d\)|answered 5\d\d|server error|server had an error|overloaded|unavailable|bad gateway|mid-stream|cut off|truncated/i,
    'upstream_error',
  ],
];

/** "retry after 20 s", "try again in 1.5s": the wait an upstream puts in its words. */
function retryAfterIn(text: string): number | null {
  const match = /(?:retry|try again) (?:after|in) (\d+(?:\.\d+)?) ?(?:s\b|sec|second)/i.exec(text);
  return match?.[1] ? Math.ceil(Number(match[1])) : null;
}

/**
 * A failed chat answer's (or model list's) error text, as the problem it is. What matches no
 * pattern is the model's own error: the upstream answered, and the request was the problem.
 */
export function describeErrorText(text: string): UpstreamProblem {
  const kind = PATTERNS.find(([pattern]) => pattern.test(text))?.[1] ?? 'model_error';
  return problem(kind, text, kind === 'rate_limited' ? retryAfterIn(text) : null);
}

/**
 * A failed answer as the problem it is: by the kind stored with it when there is one, by its
 * text for answers stored before kinds were (describeErrorText).
 */
export function describeChatError(message: {
  error: string;
  errorKind: ChatErrorKind | null;
}): UpstreamProblem {
  const kind = message.errorKind;
  if (kind === null) return describeErrorText(message.error);
  return problem(kind, message.error, kind === 'rate_limited' ? retryAfterIn(message.error) : null);
}

/** A chosen model the chat cannot use, with the picker's reason as the detail. */
export function describeUnchattableModel(modelId: string, reason: string): UpstreamProblem {
  return problem('model_cannot_chat', `${modelId}: ${reason}`);
}

/** The background check's verdict as a problem; null when there is none (ok, or not known yet). */
export function describeHealth(health: UpstreamHealth): UpstreamProblem | null {
  switch (health.state) {
    case 'ok':
    case 'checking':
      return null;
    case 'not_configured':
      return problem('no_key', health.detail);
    default:
      return problem(health.state, health.detail, health.retryAfterSeconds, health.baseUrl);
  }
}

/** A failed connection test (Settings, the first-run wizard) as a problem; null when it worked. */
export function describeConnectionTest(test: ConnectionTest): UpstreamProblem | null {
  if (test.ok) return null;
  return test.state === 'not_configured' || test.state === 'ok'
    ? problem('no_key', test.message)
    : problem(test.state, test.message);
}

/** The header's few words for a health state. */
export function healthLabel(health: UpstreamHealth): string {
  switch (health.state) {
    case 'checking':
      return 'Checking the upstream…';
    case 'ok':
      return 'Upstream reachable';
    case 'unreachable':
      return 'Upstream unreachable';
    case 'key_rejected':
      return 'Key rejected';
    case 'rate_limited':
      return 'Rate limited';
    case 'upstream_error':
      return 'Upstream failing';
    case 'not_configured':
      return 'No upstream key';
  }
}
