import { MessageSquare, Plus } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/index.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { ErrorState } from '../../components/ErrorState.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { useChatStore } from '../../stores/chat-store.ts';
import { useModelsStore } from '../../stores/models-store.ts';
import { useRoutesStore } from '../../stores/routes-store.ts';
import { toast } from '../../stores/toast-store.ts';
import { ConversationList } from './ConversationList.tsx';
import { ConversationView } from './ConversationView.tsx';
import { UpstreamStatusNotice } from './UpstreamStatusNotice.tsx';
import { useChatBlocker } from './use-chat-blocker.ts';
import './chat.css';

export default function ChatPage() {
  const { t } = useTranslation();
  const models = useModelsStore((s) => s.models);
  const ensureModels = useModelsStore((s) => s.ensureLoaded);
  const routes = useRoutesStore((s) => s.routes);
  const ensureRoutes = useRoutesStore((s) => s.ensureLoaded);
  const loadList = useChatStore((s) => s.loadList);
  const open = useChatStore((s) => s.open);
  const create = useChatStore((s) => s.create);
  const active = useChatStore((s) => s.active);
  const activeStatus = useChatStore((s) => s.activeStatus);
  const activeError = useChatStore((s) => s.activeError);
  const activeId = useChatStore((s) => s.activeId);
  const blocker = useChatBlocker(null);

  useEffect(() => {
    void ensureModels();
    // Routes are offered beside the models; without them (an older app) the catalog is enough.
    void ensureRoutes();
    void loadList().then(() => {
      // Reopen the most recent conversation when arriving with none open.
      const { activeId: current, conversations } = useChatStore.getState();
      if (current === null && conversations[0]) void open(conversations[0].id);
    });
  }, [ensureModels, ensureRoutes, loadList, open]);

  // A new chat uses the open conversation's model, else the first one that can chat.
  const defaultModel =
    active?.model ?? models.find((m) => m.formats.length > 0)?.id ?? models[0]?.id ?? null;

  const startNew = async () => {
    try {
      await create(defaultModel);
    } catch (e) {
      toast.error(errorMessage(e));
    }
  };

  let content;
  if (activeStatus === 'loading') content = <LoadingState label={t('chat.page.loading')} />;
  else if (activeStatus === 'error') {
    content = (
      <ErrorState
        title={t('chat.page.openFailed')}
        message={activeError ?? ''}
        onRetry={activeId ? () => void open(activeId) : undefined}
      />
    );
  } else if (active)
    content = <ConversationView conversation={active} models={models} routes={routes} />;
  else {
    content = (
      <EmptyState
        icon={<MessageSquare size={20} />}
        title={t('chat.page.empty.title')}
        actions={
          <button type="button" className="btn btn-primary" onClick={() => void startNew()}>
            <Plus size={14} aria-hidden="true" />
            {t('chat.page.empty.start')}
          </button>
        }
      >
        {t('chat.page.empty.body')}
      </EmptyState>
    );
  }

  // With a conversation open, its own view shows the blocker above the message box.
  const notice =
    blocker && !active ? (
      <div className="chat-blocker-wrap">
        <UpstreamStatusNotice problem={blocker} />
      </div>
    ) : null;

  return (
    <main className="page page-flush chat-page">
      <ConversationList defaultModel={defaultModel} />
      <div className="chat-main">
        {notice}
        {content}
      </div>
    </main>
  );
}
