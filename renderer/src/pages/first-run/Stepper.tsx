import { Check } from 'lucide-react';

export interface Step {
  id: string;
  label: string;
}

/** Where the user is in the setup: a list of steps, the current one marked for assistive tech. */
export function Stepper({ steps, current }: { steps: Step[]; current: number }) {
  return (
    <ol className="stepper" aria-label="Setup steps">
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
            {state === 'done' ? <span className="visually-hidden"> (done)</span> : null}
          </li>
        );
      })}
    </ol>
  );
}
