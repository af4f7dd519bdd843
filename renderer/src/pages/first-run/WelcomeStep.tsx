import { ArrowRight, KeyRound, ShieldCheck, Waypoints } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { FORMAT_NAME, WIRE_FORMATS } from '../../../../shared/wire-formats.ts';

const FORMAT_NAMES = WIRE_FORMATS.map((format) => FORMAT_NAME[format]);

interface WelcomeStepProps {
  onNext: () => void;
  onSkip: () => void;
}

export function WelcomeStep({ onNext, onSkip }: WelcomeStepProps) {
  const { t, i18n } = useTranslation();
  // Every format by name, as the language lists alternatives: "a, b or c", "a、b或c".
  const formats = new Intl.ListFormat(i18n.language, { type: 'disjunction' }).format(FORMAT_NAMES);
  return (
    <div className="stack">
      <h1>{t('firstRun.welcome.title')}</h1>
      <p className="muted">{t('firstRun.welcome.intro', { formats })}</p>
      <ul className="feature-list">
        <li>
          <Waypoints size={16} aria-hidden="true" />
          <span>{t('firstRun.welcome.connect')}</span>
        </li>
        <li>
          <KeyRound size={16} aria-hidden="true" />
          <span>{t('firstRun.welcome.keychain')}</span>
        </li>
        <li>
          <ShieldCheck size={16} aria-hidden="true" />
          <span>{t('firstRun.welcome.tokens')}</span>
        </li>
      </ul>
      <div className="form-actions">
        <button type="button" className="btn btn-primary" onClick={onNext}>
          {t('firstRun.welcome.start')}
          <ArrowRight size={14} aria-hidden="true" />
        </button>
        <button type="button" className="btn btn-ghost" onClick={onSkip}>
          {t('firstRun.welcome.skip')}
        </button>
      </div>
    </div>
  );
}
