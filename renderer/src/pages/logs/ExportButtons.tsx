import { Download } from 'lucide-react';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, getApi } from '../../api/index.ts';
import { Spinner } from '../../components/Spinner.tsx';
import { downloadText } from '../../lib/download.ts';
import { useLogsStore } from '../../stores/logs-store.ts';
import { toast } from '../../stores/toast-store.ts';

const MIME = { csv: 'text/csv;charset=utf-8', jsonl: 'application/x-ndjson;charset=utf-8' };

/**
 * Downloads the log under the current filter as CSV or JSON Lines. Memoised, like the page's
 * other parts: the page redraws with each batch of live rows, and they need not.
 */
export const ExportButtons = memo(function ExportButtons() {
  const { t } = useTranslation();
  const filter = useLogsStore((s) => s.filter);
  const [busy, setBusy] = useState<'csv' | 'jsonl' | null>(null);

  const run = async (format: 'csv' | 'jsonl') => {
    setBusy(format);
    try {
      const { filename, content } = await getApi().call('logs.export', { format, filter });
      downloadText(filename, content, MIME[format]);
      toast.success(t('logs.export.done', { filename }));
    } catch (e) {
      toast.error(t('logs.export.failed', { error: errorMessage(e) }));
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      {(['csv', 'jsonl'] as const).map((format) => (
        <button
          key={format}
          type="button"
          className="btn"
          disabled={busy !== null}
          onClick={() => void run(format)}
        >
          {busy === format ? <Spinner size={14} /> : <Download size={14} aria-hidden="true" />}
          {t('logs.export.button', { format: format === 'csv' ? 'CSV' : 'JSONL' })}
        </button>
      ))}
    </>
  );
});
