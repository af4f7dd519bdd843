import type { ChatMessage, ModelInfo } from '../../../../shared/contract.ts';
import {
  describeChatError,
  describeErrorText,
  describeHealth,
  describeUnchattableModel,
  type UpstreamProblem,
} from '../../../../shared/describe-upstream-problem.ts';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../i18n/i18n.ts';
import { useModelsStore } from '../../stores/models-store.ts';
import { useUpstreamHealthStore } from '../../stores/upstream-health-store.ts';
import { chatUnavailableReason } from '../../lib/model-options.ts';

/**
 * What stands between the user and an answer before they type one, most basic first: the
 * upstream (unreachable, key rejected, no key…, as the background check found it), then the
 * model list that could not be loaded, then a chosen model that cannot chat.
 */
export function useChatBlocker(model: ModelInfo | null): UpstreamProblem | null {
  const health = useUpstreamHealthStore((s) => s.health);
  const modelsError = useModelsStore((s) => (s.status === 'error' ? s.error : null));
  // The hook's `t`, not the instance's: a language switch draws the problem again in it.
  const { t } = useTranslation();
  const fromHealth = health ? describeHealth(health, t) : null;
  if (fromHealth) return fromHealth;
  if (modelsError) return describeErrorText(modelsError, t);
  const reason = model ? chatUnavailableReason(model) : null;
  return model && reason ? describeUnchattableModel(model.id, reason, t) : null;
}

/** Problems no message can get past: sending is refused until they are fixed. */
const BLOCKING = new Set<UpstreamProblem['kind']>([
  'key_rejected',
  'no_key',
  'model_cannot_chat',
  'gateway_down',
]);

/**
 * Why the message box is closed, in its own words (null: open). An unreachable or failing
 * upstream leaves it open: the check may be a moment old, and the answer says what happened.
 */
export function composerBlock(
  blocker: UpstreamProblem | null,
  model: string | null,
): string | null {
  if (blocker && BLOCKING.has(blocker.kind))
    return i18n.t('chat.composer.blocked', { problem: blocker.heading });
  return model ? null : i18n.t('chat.composer.noModel');
}

/**
 * The last answer already shows this very problem, with its fix: saying it twice, one above
 * the other, adds nothing.
 */
export function repeatsLastAnswer(blocker: UpstreamProblem, messages: ChatMessage[]): boolean {
  const last = messages.at(-1);
  return (
    last?.error != null &&
    describeChatError({ error: last.error, errorKind: last.errorKind }, i18n.t).kind ===
      blocker.kind
  );
}
