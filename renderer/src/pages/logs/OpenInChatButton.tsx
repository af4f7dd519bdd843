import { MessageSquarePlus } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LogEntry } from '../../../../shared/contract.ts';
import { errorMessage } from '../../api/index.ts';
import { Alert } from '../../components/Alert.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { hashFor } from '../../lib/routes.ts';
import { useChatStore } from '../../stores/chat-store.ts';
import { useLogsStore } from '../../stores/logs-store.ts';
import { toast } from '../../stores/toast-store.ts';

/** Why a logged request cannot be opened in chat, before asking the app; null when it may be. */
function blocker(entry: LogEntry): 'notGeneration' | 'notCaptured' | null {
  if (entry.clientFormat === null) return 'notGeneration';
  if (entry.capture?.requestBody == null) return 'notCaptured';
  return null;
}

/**
 * Logs → Chat: a new conversation holding this request's system prompt, turns and model, to
 * continue or send again. The app decodes the captured body with the gateway's own decoders.
 */
export function OpenInChatButton({ entry }: { entry: LogEntry }) {
  const { t } = useTranslation();
  const openFromLog = useChatStore((s) => s.openFromLog);
  const select = useLogsStore((s) => s.select);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const reasonId = useId();
  const reason = blocker(entry);

  const open = async () => {
    setBusy(true);
    setError(null);
    try {
      const omitted = await openFromLog(entry.requestId);
      select(null);
      window.location.hash = hashFor('chat');
      if (omitted.length > 0)
        toast.info(t('logs.openInChat.omitted', { parts: omitted.join(', ') }));
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="open-in-chat">
      <button
        type="button"
        className="btn btn-sm"
        disabled={reason !== null || busy}
        aria-describedby={reason ? reasonId : undefined}
        onClick={() => void open()}
      >
        {busy ? <Spinner size={13} /> : <MessageSquarePlus size={14} aria-hidden="true" />}
        {t('logs.openInChat.button')}
      </button>
      {reason ? (
        <p id={reasonId} className="field-hint">
          {reason === 'notGeneration'
            ? t('logs.openInChat.notGeneration')
            : t('logs.openInChat.notCaptured')}
        </p>
      ) : null}
      {error ? <Alert kind="error">{error}</Alert> : null}
    </div>
  );
}
