import { useTranslation } from 'react-i18next';
import type { ChatMessage } from '../../../../shared/contract.ts';
import { formatCost } from '../../format/cost.ts';
import { formatTokens } from '../../format/tokens.ts';

/** Model, format path, tokens and cost of one answer, when the app knows them. */
export function MessageMeta({ message }: { message: ChatMessage }) {
  const { t } = useTranslation();
  const parts: { label: string; value: string; title?: string }[] = [];
  if (message.model) parts.push({ label: t('chat.meta.model'), value: message.model });
  if (message.route) parts.push({ label: t('chat.meta.path'), value: message.route });
  if (message.inputTokens !== null || message.outputTokens !== null) {
    parts.push({
      label: t('chat.meta.tokens'),
      value: t('chat.meta.tokensValue', {
        input: formatTokens(message.inputTokens),
        output: formatTokens(message.outputTokens),
      }),
    });
  }
  if (message.costUsd !== null) {
    parts.push({
      label: t('chat.meta.cost'),
      value: t('chat.meta.costValue', { cost: formatCost(message.costUsd) }),
      title: t('chat.meta.costTitle'),
    });
  }
  if (parts.length === 0) return null;
  return (
    <dl className="message-meta">
      {parts.map((part) => (
        <div key={part.label} title={part.title}>
          <dt className="visually-hidden">{part.label}</dt>
          <dd>{part.value}</dd>
        </div>
      ))}
    </dl>
  );
}
