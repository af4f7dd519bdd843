import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hashFor } from '../../lib/routes.ts';
import { useAppStore } from '../../stores/app-store.ts';
import { DoneStep } from './DoneStep.tsx';
import { Stepper, type Step } from './Stepper.tsx';
import { TestStep } from './TestStep.tsx';
import { UpstreamStep } from './UpstreamStep.tsx';
import { WelcomeStep } from './WelcomeStep.tsx';
import './first-run.css';

/** Shown instead of the pages while the app has no profile or key yet. */
export default function FirstRunFlow() {
  const { t } = useTranslation();
  const steps: Step[] = [
    { id: 'welcome', label: t('firstRun.steps.welcome') },
    { id: 'upstream', label: t('firstRun.steps.upstream') },
    { id: 'test', label: t('firstRun.steps.test') },
    { id: 'done', label: t('firstRun.steps.done') },
  ];
  const finishFirstRun = useAppStore((s) => s.finishFirstRun);
  const [step, setStep] = useState(0);

  const finish = (page: 'chat' | 'settings' | 'tools') => {
    window.location.hash = hashFor(page);
    finishFirstRun();
  };

  return (
    <main className="screen first-run">
      <div className="first-run-frame">
        <Stepper steps={steps} current={step} />
        <div className="card screen-card first-run-card">
          {step === 0 ? (
            <WelcomeStep onNext={() => setStep(1)} onSkip={() => finish('settings')} />
          ) : null}
          {step === 1 ? <UpstreamStep onNext={() => setStep(2)} onBack={() => setStep(0)} /> : null}
          {step === 2 ? <TestStep onNext={() => setStep(3)} onBack={() => setStep(1)} /> : null}
          {step === 3 ? <DoneStep onFinish={finish} /> : null}
        </div>
      </div>
    </main>
  );
}
