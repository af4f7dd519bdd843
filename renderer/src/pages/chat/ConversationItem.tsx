import { Check, Pencil, Trash2, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Conversation } from '../../../../shared/contract.ts';
import { errorMessage } from '../../api/index.ts';
import { formatRelative } from '../../format/time.ts';
import { useChatStore } from '../../stores/chat-store.ts';
import { toast } from '../../stores/toast-store.ts';

interface ConversationItemProps {
  conversation: Conversation;
  active: boolean;
  onDelete: (conversation: Conversation) => void;
}

/** One conversation in the list: open it, rename it in place, or ask to delete it. */
export function ConversationItem({ conversation, active, onDelete }: ConversationItemProps) {
  const { t } = useTranslation();
  const open = useChatStore((s) => s.open);
  const rename = useChatStore((s) => s.rename);
  const [editing, setEditing] = useState(false);
  const [title, setTitle] = useState(conversation.title);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (editing) input.current?.select();
  }, [editing]);

  const save = async () => {
    const next = title.trim();
    setEditing(false);
    if (!next || next === conversation.title) return;
    try {
      await rename(conversation.id, next);
    } catch (e) {
      toast.error(errorMessage(e));
    }
  };

  if (editing) {
    return (
      <li className="conversation-item editing">
        <form
          className="row rename-form"
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <input
            ref={input}
            className="input"
            aria-label={t('chat.item.title')}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Escape') {
                e.preventDefault();
                setTitle(conversation.title);
                setEditing(false);
              }
            }}
          />
          <button
            type="submit"
            className="btn btn-ghost btn-icon btn-sm"
            aria-label={t('chat.item.saveTitle')}
          >
            <Check size={14} aria-hidden="true" />
          </button>
          <button
            type="button"
            className="btn btn-ghost btn-icon btn-sm"
            aria-label={t('chat.item.cancelRename')}
            onClick={() => {
              setTitle(conversation.title);
              setEditing(false);
            }}
          >
            <X size={14} aria-hidden="true" />
          </button>
        </form>
      </li>
    );
  }

  return (
    <li className={active ? 'conversation-item active' : 'conversation-item'}>
      <button
        type="button"
        className="conversation-open"
        aria-current={active ? 'true' : undefined}
        onClick={() => void open(conversation.id)}
      >
        <span className="conversation-title">
          {conversation.title || t('chat.newConversation')}
        </span>
        <span className="conversation-meta">
          {conversation.model ?? t('chat.item.noModel')} · {formatRelative(conversation.updatedAt)}
        </span>
      </button>
      <div className="conversation-actions">
        <button
          type="button"
          className="btn btn-ghost btn-icon btn-sm"
          aria-label={
            conversation.title
              ? t('chat.item.rename', { title: conversation.title })
              : t('chat.item.renameUntitled')
          }
          onClick={() => {
            setTitle(conversation.title);
            setEditing(true);
          }}
        >
          <Pencil size={13} aria-hidden="true" />
        </button>
        <button
          type="button"
          className="btn btn-ghost btn-icon btn-sm"
          aria-label={
            conversation.title
              ? t('chat.item.delete', { title: conversation.title })
              : t('chat.item.deleteUntitled')
          }
          onClick={() => onDelete(conversation)}
        >
          <Trash2 size={13} aria-hidden="true" />
        </button>
      </div>
    </li>
  );
}
