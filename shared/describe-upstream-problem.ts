import type { TFunction } from 'i18next';
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

/**
 * How each problem is told: its heading, its sentence and the buttons that fix it. The words are
 * the catalogs' (renderer/src/i18n/locales), in the language of the `t` the caller passes: the
 * renderer's i18n, or the main process's for the tray. Each key is written out so the catalog
 * check (`npm run lint:i18n`) sees it used.
 */
const WORDING: Readonly<
  Record<
    UpstreamProblemKind,
    {
      heading: (t: TFunction) => string;
      sentence: (t: TFunction, upstream: string, retryAfterSeconds: number | null) => string;
      actions: ProblemAction[];
    }
  >
> = {
  unreachable: {
    heading: (t) => t('upstream.problem.unreachable.heading'),
    sentence: (t, upstream) => t('upstream.problem.unreachable.sentence', { upstream }),
    actions: ['retry', 'open_upstream_settings'],
  },
  key_rejected: {
    heading: (t) => t('upstream.problem.keyRejected.heading'),
    sentence: (t) => t('upstream.problem.keyRejected.sentence'),
    actions: ['open_key_settings'],
  },
  no_key: {
    heading: (t) => t('upstream.problem.noKey.heading'),
    sentence: (t) => t('upstream.problem.noKey.sentence'),
    actions: ['open_key_settings'],
  },
  model_cannot_chat: {
    heading: (t) => t('upstream.problem.modelCannotChat.heading'),
    sentence: (t) => t('upstream.problem.modelCannotChat.sentence'),
    actions: ['pick_model'],
  },
  rate_limited: {
    heading: (t) => t('upstream.problem.rateLimited.heading'),
    sentence: (t, _upstream, seconds) =>
      seconds === null
        ? t('upstream.problem.rateLimited.sentence')
        : t('upstream.problem.rateLimited.sentenceRetryAfter', { seconds }),
    actions: ['retry'],
  },
  account_limit: {
    heading: (t) => t('upstream.problem.accountLimit.heading'),
    sentence: (t) => t('upstream.problem.accountLimit.sentence'),
    actions: [],
  },
  upstream_error: {
    heading: (t) => t('upstream.problem.upstreamError.heading'),
    sentence: (t) => t('upstream.problem.upstreamError.sentence'),
    actions: ['retry'],
  },
  gateway_down: {
    heading: (t) => t('upstream.problem.gatewayDown.heading'),
    sentence: (t) => t('upstream.problem.gatewayDown.sentence'),
    actions: ['open_gateway_settings'],
  },
  model_error: {
    heading: (t) => t('upstream.problem.modelError.heading'),
    sentence: (t) => t('upstream.problem.modelError.sentence'),
    actions: ['retry', 'pick_model'],
  },
};

function problem(
  t: TFunction,
  kind: UpstreamProblemKind,
  detail: string | null,
  retryAfterSeconds: number | null = null,
  where: string | null = null,
): UpstreamProblem {
  const wording = WORDING[kind];
  return {
    kind,
    heading: wording.heading(t),
    sentence: wording.sentence(t, where ?? t('upstream.theUpstream'), retryAfterSeconds),
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
export function describeErrorText(text: string, t: TFunction): UpstreamProblem {
  const kind = PATTERNS.find(([pattern]) => pattern.test(text))?.[1] ?? 'model_error';
  return problem(t, kind, text, kind === 'rate_limited' ? retryAfterIn(text) : null);
}

/**
 * A failed answer as the problem it is: by the kind stored with it when there is one, by its
 * text for answers stored before kinds were (describeErrorText).
 */
export function describeChatError(
  message: { error: string; errorKind: ChatErrorKind | null },
  t: TFunction,
): UpstreamProblem {
  const kind = message.errorKind;
  if (kind === null) return describeErrorText(message.error, t);
  return problem(
    t,
    kind,
    message.error,
    kind === 'rate_limited' ? retryAfterIn(message.error) : null,
  );
}

/** A chosen model the chat cannot use, with the picker's reason as the detail. */
export function describeUnchattableModel(
  modelId: string,
  reason: string,
  t: TFunction,
): UpstreamProblem {
  return problem(t, 'model_cannot_chat', `${modelId}: ${reason}`);
}

/** The background check's verdict as a problem; null when there is none (ok, or not known yet). */
export function describeHealth(health: UpstreamHealth, t: TFunction): UpstreamProblem | null {
  switch (health.state) {
    case 'ok':
    case 'checking':
      return null;
    case 'not_configured':
      return problem(t, 'no_key', health.detail);
    default:
      return problem(t, health.state, health.detail, health.retryAfterSeconds, health.baseUrl);
  }
}

/** A failed connection test (Settings, the first-run wizard) as a problem; null when it worked. */
export function describeConnectionTest(test: ConnectionTest, t: TFunction): UpstreamProblem | null {
  if (test.ok) return null;
  return test.state === 'not_configured' || test.state === 'ok'
    ? problem(t, 'no_key', test.message)
    : problem(t, test.state, test.message);
}

/** The header's few words for a health state. */
export function healthLabel(health: UpstreamHealth, t: TFunction): string {
  switch (health.state) {
    case 'checking':
      return t('upstream.health.checking');
    case 'ok':
      return t('upstream.health.ok');
    case 'unreachable':
      return t('upstream.health.unreachable');
    case 'key_rejected':
      return t('upstream.health.keyRejected');
    case 'rate_limited':
      return t('upstream.health.rateLimited');
    case 'upstream_error':
      return t('upstream.health.upstreamError');
    case 'not_configured':
      return t('upstream.health.notConfigured');
  }
}
