import { Trans, useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/index.ts';
import { SectionCard } from '../../components/SectionCard.tsx';
import { useAppStore } from '../../stores/app-store.ts';
import { toast } from '../../stores/toast-store.ts';
import { AllowedOriginsEditor } from './AllowedOriginsEditor.tsx';
import { PortForm } from './PortForm.tsx';
import { RetentionForm } from './RetentionForm.tsx';
import { describeGatewayStop } from '../../../../shared/describe-gateway-stop.ts';

/** The local gateway: status, port, CORS origins, body capture, log retention. */
export function GatewaySection() {
  const { t } = useTranslation();
  const settings = useAppStore((s) => s.settings);
  const gateway = useAppStore((s) => s.status?.gateway);
  const updateSettings = useAppStore((s) => s.updateSettings);
  if (!settings) return null;

  const toggleCapture = async (captureBodies: boolean) => {
    try {
      await updateSettings({ captureBodies });
      toast.success(
        captureBodies ? t('settings.gateway.captureOn') : t('settings.gateway.captureOff'),
      );
    } catch (e) {
      toast.error(errorMessage(e));
    }
  };

  return (
    <SectionCard
      id="gateway"
      title={t('settings.gateway.title')}
      description={t('settings.gateway.description')}
    >
      <div className="stack">
        <dl className="kv">
          <dt>{t('settings.gateway.status')}</dt>
          <dd>
            {gateway?.running ? (
              <span className="row">
                <span className="status-dot ok" aria-hidden="true" />
                <Trans
                  i18nKey="settings.gateway.runningOn"
                  values={{ url: gateway.url }}
                  components={{ code: <code /> }}
                />
              </span>
            ) : (
              <span className="row">
                <span className="status-dot bad" aria-hidden="true" />
                {gateway?.error
                  ? t('settings.gateway.notRunningBecause', {
                      error: describeGatewayStop(gateway, t),
                    })
                  : t('settings.gateway.notRunning')}
              </span>
            )}
          </dd>
        </dl>
        <PortForm key={settings.port} port={settings.port} />
        <hr className="divider" />
        <AllowedOriginsEditor origins={settings.allowedOrigins} />
        <hr className="divider" />
        <div className="stack-sm">
          <label className="checkbox">
            <input
              type="checkbox"
              checked={settings.captureBodies}
              aria-describedby="capture-hint"
              onChange={(e) => void toggleCapture(e.target.checked)}
            />
            <span>{t('settings.gateway.capture')}</span>
          </label>
          <span className="field-hint checkbox-hint" id="capture-hint">
            {t('settings.gateway.captureHint')}
          </span>
        </div>
        <hr className="divider" />
        <RetentionForm key={settings.retentionDays} days={settings.retentionDays} />
      </div>
    </SectionCard>
  );
}
