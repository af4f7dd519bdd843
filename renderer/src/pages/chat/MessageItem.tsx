import { useTranslation } from 'react-i18next';
import { Bot, Pencil, RotateCcw, Square, Trash2, User } from 'lucide-react';
import { memo, useEffect, useState } from 'react';
import type { ChatMessage } from '../../../../shared/contract.ts';
import { CopyButton } from '../../components/CopyButton.tsx';
import { LazyMarkdown } from '../../components/LazyMarkdown.tsx';
import { useChatStore } from '../../stores/chat-store.ts';
import { AttachmentList } from './AttachmentList.tsx';
import { MessageEditor } from './MessageEditor.tsx';
import { MessageError } from './MessageError.tsx';
import { MessageMeta } from './MessageMeta.tsx';
import { VersionSwitcher } from './VersionSwitcher.tsx';

interface MessageItemProps {
  message: ChatMessage;
  /** The last answer of the conversation: it can be regenerated. */
  isLast: boolean;
  onRegenerate: () => void;
  busy: boolean;
  /** An answer to a question with images: its error may be a model that reads only text. */
  askedWithImages?: boolean;
  /** Its versions, oldest first, when it has more than one. */
  versions?: readonly string[] | undefined;
}

/** One message. An answer in progress shows its streamed text and is a live region. */
export const MessageItem = memo(function MessageItem({
  message,
  isLast,
  onRegenerate,
  busy,
  askedWithImages = false,
  versions,
}: MessageItemProps) {
  const { t } = useTranslation();
  const streaming = useChatStore((s) => message.id in s.streaming);
  const streamed = useChatStore((s) => s.streamText[message.id]);
  const content = streaming ? (streamed ?? message.content) : message.content;
  const isUser = message.role === 'user';
  const roleName = isUser
    ? t('chat.message.role.user')
    : message.role === 'system'
      ? t('chat.message.role.system')
      : t('chat.message.role.assistant');
  const label = isUser
    ? t('chat.message.label.user')
    : message.role === 'system'
      ? t('chat.message.label.system')
      : t('chat.message.label.assistant');
  const edit = useChatStore((s) => s.edit);
  const deleteMessage = useChatStore((s) => s.deleteMessage);
  const showVersion = useChatStore((s) => s.showVersion);
  const [editing, setEditing] = useState(false);
  // Seen streaming in this view: an error that comes now is news, not history. By id: the
  // item stays mounted while another version of the message is shown in it.
  const [sawStreaming, setSawStreaming] = useState(streaming ? message.id : null);
  useEffect(() => {
    if (streaming) setSawStreaming(message.id);
  }, [streaming, message.id]);

  return (
    <article
      className={`message message-${message.role}`}
      aria-label={label}
      aria-busy={streaming || undefined}
    >
      <div className="message-avatar" aria-hidden="true">
        {isUser ? <User size={15} /> : <Bot size={15} />}
      </div>
      <div className="message-main">
        <div className="message-role">{roleName}</div>
        {/* The answer being streamed is announced as it completes. */}
        {editing ? (
          <MessageEditor
            initial={message.content}
            onCancel={() => setEditing(false)}
            onSend={async (text) => {
              if (await edit(message.id, text)) setEditing(false);
            }}
          />
        ) : (
          <div
            className={streaming ? 'message-body streaming' : 'message-body'}
            role={streaming ? 'status' : undefined}
            aria-live={streaming ? 'polite' : undefined}
          >
            {isUser ? (
              content ? (
                <p className="user-text">{content}</p>
              ) : null
            ) : content ? (
              <LazyMarkdown text={content} streaming={streaming} />
            ) : streaming ? (
              <span className="typing" aria-label={t('chat.message.waiting')}>
                <span />
                <span />
                <span />
              </span>
            ) : null}
          </div>
        )}
        <AttachmentList attachments={message.attachments} />
        {message.stopped && !streaming ? (
          <p className="message-stopped">
            <Square size={11} aria-hidden="true" fill="currentColor" />
            {t('chat.message.stopped')}
          </p>
        ) : null}
        {message.error ? (
          <MessageError
            error={message.error}
            errorKind={message.errorKind}
            isLast={isLast}
            onRegenerate={onRegenerate}
            busy={busy}
            justFailed={sawStreaming === message.id}
          />
        ) : null}
        {message.error && askedWithImages ? (
          // The catalog does not say which models read images, so the upstream's refusal is
          // the first word of it: say what it likely means and what to do.
          <p className="message-error-hint">{t('chat.message.imagesHint')}</p>
        ) : null}
        {!streaming && !editing ? (
          <div className="message-footer">
            {isUser ? <span /> : <MessageMeta message={message} />}
            <div className="message-actions">
              {versions ? (
                <VersionSwitcher
                  versions={versions}
                  current={message.id}
                  onShow={(id) => void showVersion(id)}
                  busy={busy}
                />
              ) : null}
              {content ? (
                <CopyButton
                  text={content}
                  label={isUser ? t('chat.message.copyMessage') : t('chat.message.copyAnswer')}
                  className="btn btn-ghost btn-sm"
                  iconOnly
                />
              ) : null}
              {isUser ? (
                <button
                  type="button"
                  className="btn btn-ghost btn-sm btn-icon"
                  aria-label={t('chat.message.edit')}
                  title={t('chat.message.edit')}
                  onClick={() => setEditing(true)}
                  disabled={busy}
                >
                  <Pencil size={13} aria-hidden="true" />
                </button>
              ) : null}
              {isLast ? (
                <button
                  type="button"
                  className="btn btn-ghost btn-sm"
                  onClick={onRegenerate}
                  disabled={busy}
                >
                  <RotateCcw size={13} aria-hidden="true" />
                  {t('chat.message.regenerate')}
                </button>
              ) : null}
              <button
                type="button"
                className="btn btn-ghost btn-sm btn-icon"
                aria-label={t('chat.message.delete')}
                title={t('chat.message.delete')}
                onClick={() => void deleteMessage(message.id)}
                disabled={busy}
              >
                <Trash2 size={13} aria-hidden="true" />
              </button>
            </div>
          </div>
        ) : null}
      </div>
    </article>
  );
});
