import { FileText } from 'lucide-react';
import { useState } from 'react';
import type { ConversationWithMessages, ModelInfo } from '../../../../shared/contract.ts';
import { errorMessage } from '../../api/index.ts';
import { Alert } from '../../components/Alert.tsx';
import { activeStreamingId } from '../../stores/chat-stream.ts';
import { useChatStore } from '../../stores/chat-store.ts';
import { toast } from '../../stores/toast-store.ts';
import { Composer } from './Composer.tsx';
import { MessageList } from './MessageList.tsx';
import { ModelPicker } from './ModelPicker.tsx';
import { SystemPromptEditor } from './SystemPromptEditor.tsx';

interface ConversationViewProps {
  conversation: ConversationWithMessages;
  models: ModelInfo[];
}

/** The open conversation: its model and system prompt, messages, and the composer. */
export function ConversationView({ conversation, models }: ConversationViewProps) {
  const update = useChatStore((s) => s.update);
  const actionError = useChatStore((s) => s.actionError);
  const streamingId = useChatStore(activeStreamingId);
  const [editingPrompt, setEditingPrompt] = useState(false);

  const changeModel = async (model: string) => {
    try {
      await update({ model });
    } catch (e) {
      toast.error(errorMessage(e));
    }
  };

  return (
    <section className="conversation" aria-labelledby="conversation-title">
      <div className="conversation-toolbar">
        <div className="toolbar-line">
          <h2 id="conversation-title" className="conversation-heading">
            {conversation.title || 'New conversation'}
          </h2>
          <button
            type="button"
            className={conversation.systemPrompt ? 'btn btn-sm has-prompt' : 'btn btn-sm'}
            aria-expanded={editingPrompt}
            aria-controls="system-prompt-panel"
            onClick={() => setEditingPrompt(!editingPrompt)}
          >
            <FileText size={13} aria-hidden="true" />
            System prompt
            {conversation.systemPrompt ? <span className="dot" aria-label="(set)" /> : null}
          </button>
        </div>
        <ModelPicker
          models={models}
          value={conversation.model}
          onChange={(m) => void changeModel(m)}
          disabled={streamingId !== null}
        />
      </div>
      {editingPrompt ? (
        <div id="system-prompt-panel" className="system-prompt-panel">
          <SystemPromptEditor
            value={conversation.systemPrompt}
            onDone={() => setEditingPrompt(false)}
          />
        </div>
      ) : conversation.systemPrompt ? (
        <p className="system-prompt-preview" title={conversation.systemPrompt}>
          <span className="subtle">System:</span> {conversation.systemPrompt}
        </p>
      ) : null}
      <MessageList messages={conversation.messages} />
      <div className="composer-wrap">
        {actionError ? <Alert kind="error">{actionError}</Alert> : null}
        <Composer
          blocked={conversation.model ? null : 'Choose a model above to start.'}
          streamingId={streamingId}
        />
      </div>
    </section>
  );
}
