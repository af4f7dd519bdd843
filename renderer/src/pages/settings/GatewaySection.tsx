import { errorMessage } from '../../api/index.ts';
import { SectionCard } from '../../components/SectionCard.tsx';
import { useAppStore } from '../../stores/app-store.ts';
import { toast } from '../../stores/toast-store.ts';
import { AllowedOriginsEditor } from './AllowedOriginsEditor.tsx';
import { PortForm } from './PortForm.tsx';
import { RetentionForm } from './RetentionForm.tsx';

/** The local gateway: status, port, CORS origins, body capture, log retention. */
export function GatewaySection() {
  const settings = useAppStore((s) => s.settings);
  const gateway = useAppStore((s) => s.status?.gateway);
  const updateSettings = useAppStore((s) => s.updateSettings);
  if (!settings) return null;

  const toggleCapture = async (captureBodies: boolean) => {
    try {
      await updateSettings({ captureBodies });
      toast.success(captureBodies ? 'Bodies will be captured' : 'Bodies are no longer captured');
    } catch (e) {
      toast.error(errorMessage(e));
    }
  };

  return (
    <SectionCard
      id="gateway"
      title="Local gateway"
      description="The endpoint your tools call on this machine."
    >
      <div className="stack">
        <dl className="kv">
          <dt>Status</dt>
          <dd>
            {gateway?.running ? (
              <span className="row">
                <span className="status-dot ok" aria-hidden="true" />
                Running on <code>{gateway.url}</code>
              </span>
            ) : (
              <span className="row">
                <span className="status-dot bad" aria-hidden="true" />
                Not running{gateway?.error ? ` — ${gateway.error}` : ''}
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
            <span>Capture request and response bodies</span>
          </label>
          <span className="field-hint checkbox-hint" id="capture-hint">
            For debugging. Up to 64 KiB each, with keys and tokens redacted. Off by default.
          </span>
        </div>
        <hr className="divider" />
        <RetentionForm key={settings.retentionDays} days={settings.retentionDays} />
      </div>
    </SectionCard>
  );
}
