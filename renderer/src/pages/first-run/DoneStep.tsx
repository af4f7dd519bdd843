import { CircleCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../components/CopyButton.tsx';
import { useAppStore } from '../../stores/app-store.ts';
import { describeGatewayStop } from '../../../../shared/describe-gateway-stop.ts';

interface DoneStepProps {
  onFinish: (page: 'chat' | 'settings' | 'tools') => void;
}

export function DoneStep({ onFinish }: DoneStepProps) {
  const { t } = useTranslation();
  const gateway = useAppStore((s) => s.status?.gateway);
  return (
    <div className="stack">
      <span className="state-icon done-icon" aria-hidden="true">
        <CircleCheck size={22} />
      </span>
      <h1>{t('firstRun.done.title')}</h1>
      {gateway?.running && gateway.url ? (
        <div className="stack-sm">
          <p className="muted">{t('firstRun.done.listening')}</p>
          <div className="token-value">
            <code>{gateway.url}</code>
            <CopyButton text={gateway.url} label={t('firstRun.done.copyUrl')} />
          </div>
        </div>
      ) : (
        <p className="muted">
          {gateway?.error
            ? t('firstRun.done.notRunningError', { error: describeGatewayStop(gateway, t) })
            : t('firstRun.done.notRunning')}
        </p>
      )}
      <p className="muted">{t('firstRun.done.tools')}</p>
      <div className="form-actions">
        <button type="button" className="btn btn-primary" onClick={() => onFinish('tools')}>
          {t('firstRun.done.connectTools')}
        </button>
        <button type="button" className="btn" onClick={() => onFinish('settings')}>
          {t('firstRun.done.createToken')}
        </button>
        <button type="button" className="btn" onClick={() => onFinish('chat')}>
          {t('firstRun.done.goToChat')}
        </button>
      </div>
    </div>
  );
}
