import { useTranslation } from 'react-i18next';
import { lazy, Suspense } from 'react';
import { withPageTexts } from '../i18n/i18n.ts';
import { usePage } from '../lib/use-page.ts';
import { AppHeader } from './AppHeader.tsx';
import { LoadingState } from './LoadingState.tsx';
import { Sidebar } from './Sidebar.tsx';

// Pages load on first visit, with their own texts: charts and Markdown are heavy and most
// visits use one page.
const ChatPage = lazy(() => withPageTexts('chat', () => import('../pages/chat/ChatPage.tsx')));
const ModelsPage = lazy(() =>
  withPageTexts('models', () => import('../pages/models/ModelsPage.tsx')),
);
const RoutesPage = lazy(() =>
  withPageTexts('routes', () => import('../pages/routes/RoutesPage.tsx')),
);
const ToolsPage = lazy(() => withPageTexts('tools', () => import('../pages/tools/ToolsPage.tsx')));
const UsagePage = lazy(() => withPageTexts('usage', () => import('../pages/usage/UsagePage.tsx')));
const LogsPage = lazy(() => withPageTexts('logs', () => import('../pages/logs/LogsPage.tsx')));
const SettingsPage = lazy(() =>
  withPageTexts('settings', () => import('../pages/settings/SettingsPage.tsx')),
);

const PAGES = {
  chat: ChatPage,
  models: ModelsPage,
  routes: RoutesPage,
  tools: ToolsPage,
  usage: UsagePage,
  logs: LogsPage,
  settings: SettingsPage,
};

/** Sidebar, header and the page the location hash names. */
export function Shell() {
  const { t } = useTranslation();
  const page = usePage();
  const Page = PAGES[page];
  return (
    <div className="app-shell">
      <Sidebar page={page} />
      <div className="main-column">
        <AppHeader />
        <Suspense
          fallback={
            <main className="page">
              <LoadingState label={t('common.loading')} />
            </main>
          }
        >
          <Page />
        </Suspense>
      </div>
    </div>
  );
}
