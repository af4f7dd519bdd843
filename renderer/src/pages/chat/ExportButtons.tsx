import { Download } from 'lucide-react';
import type { ConversationWithMessages } from '../../../../shared/contract.ts';
import { downloadText } from '../../lib/download.ts';
import { conversationToJson, conversationToMarkdown, exportFileName } from './chat-export.ts';

/** Saves the open conversation as Markdown (to read) or JSON (for other tools). */
export function ExportButtons({ conversation }: { conversation: ConversationWithMessages }) {
  return (
    <div className="toolbar-actions" role="group" aria-label="Export">
      <button
        type="button"
        className="btn btn-sm"
        aria-label="Export as Markdown"
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
        aria-label="Export as JSON"
        onClick={() =>
          downloadText(
            exportFileName(conversation, 'json'),
            conversationToJson(conversation),
            'application/json',
          )
        }
      >
        <Download size={13} aria-hidden="true" />
        JSON
      </button>
    </div>
  );
}
