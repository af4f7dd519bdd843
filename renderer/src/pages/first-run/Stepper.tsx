import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';

export interface Step {
  id: string;
  label: string;
}

/** Where the user is in the setup: a list of steps, the current one marked for assistive tech. */
export function Stepper({ steps, current }: { steps: Step[]; current: number }) {
  const { t } = useTranslation();
  return (
    <ol className="stepper" aria-label={t('firstRun.steps.label')}>
      {steps.map((step, index) => {
        const state = index < current ? 'done' : index === current ? 'current' : 'todo';
        return (
          <li
            key={step.id}
            className={`step step-${state}`}
            aria-current={state === 'current' ? 'step' : undefined}
          >
            <span className="step-marker" aria-hidden="true">
              {state === 'done' ? <Check size={12} /> : index + 1}
            </span>
            <span>{step.label}</span>
            {state === 'done' ? (
              <span className="visually-hidden">{t('firstRun.steps.doneMark')}</span>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
