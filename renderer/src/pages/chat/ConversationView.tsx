import { FileText, SlidersHorizontal } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type {
  ConversationWithMessages,
  ModelInfo,
  ModelRouteInfo,
} from '../../../../shared/contract.ts';
import { errorMessage } from '../../api/index.ts';
import { Alert } from '../../components/Alert.tsx';
import { ModelPicker } from '../../components/ModelPicker.tsx';
import { chatUnavailableReason, type UnavailableReason } from '../../lib/model-options.ts';
import { activeStreamingId } from '../../stores/chat-stream.ts';
import { useChatStore } from '../../stores/chat-store.ts';
import { toast } from '../../stores/toast-store.ts';
import { Composer } from './Composer.tsx';
import { MessageList } from './MessageList.tsx';
import { paramsSummary } from './chat-params.ts';
import { ExportButtons } from './ExportButtons.tsx';
import { ParametersEditor } from './ParametersEditor.tsx';
import { SystemPromptEditor } from './SystemPromptEditor.tsx';
import { UpstreamStatusNotice } from './UpstreamStatusNotice.tsx';
import { composerBlock, repeatsLastAnswer, useChatBlocker } from './use-chat-blocker.ts';

interface ConversationViewProps {
  conversation: ConversationWithMessages;
  models: ModelInfo[];
  routes: ModelRouteInfo[];
}

/** The chat can use a model that speaks any format, and any route that answers to its name. */
const chatReason: UnavailableReason = (choice) =>
  choice.kind === 'model' ? chatUnavailableReason(choice.model) : null;

/** The open conversation: its model and system prompt, messages, and the composer. */
export function ConversationView({ conversation, models, routes }: ConversationViewProps) {
  const { t } = useTranslation();
  const update = useChatStore((s) => s.update);
  const actionError = useChatStore((s) => s.actionError);
  const streamingId = useChatStore(activeStreamingId);
  const stop = useChatStore((s) => s.stop);
  const [panel, setPanel] = useState<'prompt' | 'params' | null>(null);
  const editingPrompt = panel === 'prompt';
  const setEditingPrompt = (open: boolean) => setPanel(open ? 'prompt' : null);
  const summary = paramsSummary(conversation.params);
  const sectionRef = useRef<HTMLElement>(null);
  const blocker = useChatBlocker(models.find((m) => m.id === conversation.model) ?? null);

  // Escape stops the answer being written, like Stop, wherever the focus is in the chat (the
  // Stop button replaced Send, so the focus is often on the page itself). A control that
  // handles Escape for its own purpose (an editor, a popup) prevents the default and wins.
  useEffect(() => {
    if (!streamingId) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      const target = event.target instanceof Node ? event.target : null;
      const inChat = target === document.body || sectionRef.current?.contains(target) === true;
      if (!inChat) return;
      event.preventDefault();
      void stop();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [streamingId, stop]);

  const changeModel = async (model: string) => {
    try {
      await update({ model });
    } catch (e) {
      toast.error(errorMessage(e));
    }
  };

  return (
    <section ref={sectionRef} className="conversation" aria-labelledby="conversation-title">
      <div className="conversation-toolbar">
        <div className="toolbar-line">
          <h2 id="conversation-title" className="conversation-heading">
            {conversation.title || t('chat.newConversation')}
          </h2>
          <div className="toolbar-actions">
            <button
              type="button"
              className={conversation.systemPrompt ? 'btn btn-sm has-prompt' : 'btn btn-sm'}
              aria-expanded={editingPrompt}
              aria-controls="system-prompt-panel"
              onClick={() => setEditingPrompt(!editingPrompt)}
            >
              <FileText size={13} aria-hidden="true" />
              {t('chat.view.systemPrompt')}
              {conversation.systemPrompt ? (
                <span className="dot" aria-label={t('chat.view.set')} />
              ) : null}
            </button>
            <button
              type="button"
              className={summary ? 'btn btn-sm has-prompt' : 'btn btn-sm'}
              aria-expanded={panel === 'params'}
              aria-controls="chat-params-panel"
              onClick={() => setPanel(panel === 'params' ? null : 'params')}
            >
              <SlidersHorizontal size={13} aria-hidden="true" />
              {t('chat.view.parameters')}
              {summary ? <span className="dot" aria-label={t('chat.view.set')} /> : null}
            </button>
            <ExportButtons conversation={conversation} />
          </div>
        </div>
        <ModelPicker
          models={models}
          routes={routes}
          unavailableReason={chatReason}
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
      ) : panel === 'params' ? (
        <div id="chat-params-panel" className="system-prompt-panel">
          <ParametersEditor value={conversation.params} onDone={() => setPanel(null)} />
        </div>
      ) : conversation.systemPrompt ? (
        <p className="system-prompt-preview" title={conversation.systemPrompt}>
          <span className="subtle">{t('chat.view.systemLabel')}</span> {conversation.systemPrompt}
        </p>
      ) : null}
      {panel === null && summary ? (
        <p className="system-prompt-preview">
          <span className="subtle">{t('chat.view.parametersLabel')}</span> {summary}
        </p>
      ) : null}
      {/* One list per conversation: each opens fresh, at its newest message. */}
      <MessageList
        key={conversation.id}
        messages={conversation.messages}
        versions={conversation.versions}
      />
      <div className="composer-wrap">
        {blocker && !repeatsLastAnswer(blocker, conversation.messages) ? (
          <UpstreamStatusNotice problem={blocker} />
        ) : null}
        {actionError ? <Alert kind="error">{actionError}</Alert> : null}
        <Composer blocked={composerBlock(blocker, conversation.model)} streamingId={streamingId} />
      </div>
    </section>
  );
}
