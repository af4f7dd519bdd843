import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ConversationWithMessages } from '../../../../shared/contract.ts';
import { errorMessage, getApi } from '../../api/index.ts';
import { downloadText } from '../../lib/download.ts';
import { toast } from '../../stores/toast-store.ts';
import { conversationToJson, conversationToMarkdown, exportFileName } from './chat-export.ts';

/**
 * Saves the open conversation as Markdown (to read: the versions on screen) or JSON (for other
 * tools: every version of every message, read from the app).
 */
export function ExportButtons({ conversation }: { conversation: ConversationWithMessages }) {
  const { t } = useTranslation();
  const exportJson = async () => {
    try {
      const tree = await getApi().call('chat.tree', { id: conversation.id });
      if (!tree) throw new Error(t('chat.gone'));
      downloadText(exportFileName(tree, 'json'), conversationToJson(tree), 'application/json');
    } catch (error) {
      toast.error(t('chat.export.failed', { error: errorMessage(error) }));
    }
  };
  return (
    <div className="toolbar-actions" role="group" aria-label={t('chat.export.label')}>
      <button
        type="button"
        className="btn btn-sm"
        aria-label={t('chat.export.markdown')}
        onClick={() =>
          downloadText(
            exportFileName(conversation, 'md'),
            conversationToMarkdown(conversation),
            'text/markdown',
          )
        }
      >
        <Download size={13} aria-hidden="true" />
        Markdown
      </button>
      <button
        type="button"
        className="btn btn-sm"
        aria-label={t('chat.export.json')}
        onClick={() => void exportJson()}
      >
        <Download size={13} aria-hidden="true" />
        JSON
      </button>
    </div>
  );
}
