import type { ChatMessage } from '../../../../shared/contract.ts';
import { formatCost } from '../../format/cost.ts';
import { formatTokens } from '../../format/tokens.ts';

/** Model, format path, tokens and cost of one answer, when the app knows them. */
export function MessageMeta({ message }: { message: ChatMessage }) {
  const parts: { label: string; value: string; title?: string }[] = [];
  if (message.model) parts.push({ label: 'Model', value: message.model });
  if (message.route) parts.push({ label: 'Path', value: message.route });
  if (message.inputTokens !== null || message.outputTokens !== null) {
    parts.push({
      label: 'Tokens',
      value: `${formatTokens(message.inputTokens)} in · ${formatTokens(message.outputTokens)} out`,
    });
  }
  if (message.costUsd !== null) {
    parts.push({
      label: 'Cost',
      value: `${formatCost(message.costUsd)} est.`,
      title: 'Estimated from the upstream’s tariff',
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
