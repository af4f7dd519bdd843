import { MessagesSquare, Plus } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Conversation } from '../../../../shared/contract.ts';
import { errorMessage } from '../../api/index.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { ErrorState } from '../../components/ErrorState.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { useChatStore } from '../../stores/chat-store.ts';
import { useFocusOnNavigation } from '../../lib/use-focus-on-navigation.ts';
import { toast } from '../../stores/toast-store.ts';
import { ConversationItem } from './ConversationItem.tsx';
import { useConversationSearch } from './use-conversation-search.ts';

export function ConversationList({ defaultModel }: { defaultModel: string | null }) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusOnNavigation(heading);
  const conversations = useChatStore((s) => s.conversations);
  const listStatus = useChatStore((s) => s.listStatus);
  const listError = useChatStore((s) => s.listError);
  const activeId = useChatStore((s) => s.activeId);
  const loadList = useChatStore((s) => s.loadList);
  const create = useChatStore((s) => s.create);
  const remove = useChatStore((s) => s.remove);
  const [deleting, setDeleting] = useState<Conversation | null>(null);
  const [creating, setCreating] = useState(false);
  const [query, setQuery] = useState('');
  const search = useConversationSearch(query, conversations);
  const { matches } = search;
  const shown = matches ? conversations.filter((c) => matches.has(c.id)) : conversations;

  const newConversation = async () => {
    setCreating(true);
    try {
      await create(defaultModel);
      document.getElementById('chat-composer')?.focus();
    } catch (e) {
      toast.error(errorMessage(e));
    } finally {
      setCreating(false);
    }
  };

  return (
    <section className="conversation-list" aria-labelledby="chat-heading">
      <div className="conversation-list-header">
        <h1 id="chat-heading" ref={heading} tabIndex={-1}>
          {t('chat.list.heading')}
        </h1>
        <button
          type="button"
          className="btn btn-primary btn-sm"
          onClick={() => void newConversation()}
          disabled={creating}
        >
          {creating ? <Spinner size={13} /> : <Plus size={14} aria-hidden="true" />}
          {t('chat.list.new')}
        </button>
      </div>
      {conversations.length > 0 ? (
        <div className="conversation-search">
          <input
            type="search"
            className="input"
            aria-label={t('chat.list.search')}
            placeholder={t('chat.list.searchPlaceholder')}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
          <p className="visually-hidden" role="status">
            {matches
              ? t('chat.list.matches', { shown: shown.length, count: conversations.length })
              : ''}
          </p>
          {search.error ? <p className="field-error">{search.error}</p> : null}
          {matches && shown.length === 0 ? (
            <p className="field-hint">{t('chat.list.noMatch', { query: query.trim() })}</p>
          ) : null}
        </div>
      ) : null}
      {listStatus === 'loading' ? (
        <div className="conversation-skeleton" role="status" aria-label={t('chat.list.loading')}>
          <div className="skeleton" />
          <div className="skeleton" />
          <div className="skeleton" />
        </div>
      ) : null}
      {listStatus === 'error' ? (
        <ErrorState
          title={t('chat.list.loadFailed')}
          message={listError ?? ''}
          onRetry={() => void loadList()}
        />
      ) : null}
      {listStatus === 'ready' && conversations.length === 0 ? (
        <div className="conversation-empty">
          <MessagesSquare size={18} aria-hidden="true" />
          <p>{t('chat.list.empty')}</p>
        </div>
      ) : null}
      {shown.length > 0 ? (
        <nav aria-label={t('chat.list.nav')} className="conversation-scroll">
          <ul>
            {shown.map((conversation) => (
              <ConversationItem
                key={conversation.id}
                conversation={conversation}
                active={conversation.id === activeId}
                onDelete={setDeleting}
              />
            ))}
          </ul>
        </nav>
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={t('chat.list.deleteTitle')}
        confirmLabel={t('chat.list.deleteConfirm')}
        danger
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (deleting) await remove(deleting.id);
        }}
      >
        {t('chat.list.deleteBody', { title: deleting?.title || t('chat.newConversation') })}
      </ConfirmDialog>
    </section>
  );
}
