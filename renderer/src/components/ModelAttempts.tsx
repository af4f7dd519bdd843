import { useTranslation } from 'react-i18next';
import { CircleCheck, CircleX } from 'lucide-react';
import type { ModelAttempt } from '../../../shared/contract.ts';
import { outcomeWords } from '../format/attempts.ts';
import { formatDuration } from '../format/duration.ts';

/**
 * The models a route tried for one request, in order: each one's status, why the route moved
 * on (or that it answered), its own words, and how long it took.
 */
export function ModelAttempts({ attempts, label }: { attempts: ModelAttempt[]; label: string }) {
  const { t } = useTranslation();
  return (
    <ol className="model-attempts" aria-label={label}>
      {attempts.map((a, i) => {
        const answered = a.outcome === 'answered';
        return (
          <li key={`${i}-${a.model}`} className={answered ? 'is-answered' : 'is-failed'}>
            <span className="model-attempt-head">
              {answered ? (
                <CircleCheck size={14} aria-hidden="true" className="model-attempt-ok" />
              ) : (
                <CircleX size={14} aria-hidden="true" className="model-attempt-failed" />
              )}
              <span className="mono">{a.model}</span>
              <span className={answered ? 'badge badge-success' : 'badge badge-danger'}>
                {a.status ?? t('format.attempts.noStatus')}
              </span>
              <span>{outcomeWords(a.outcome)}</span>

              <span className="subtle nowrap">{formatDuration(a.latencyMs)}</span>
            </span>
            {a.message ? <span className="model-attempt-message">{a.message}</span> : null}
          </li>
        );
      })}
    </ol>
  );
}
