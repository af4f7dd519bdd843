import { lazy, Suspense, useEffect } from 'react';
import { getApi } from './api/index.ts';
import { Shell } from './components/Shell.tsx';
import { StartupScreen } from './components/StartupScreen.tsx';
import { Toasts } from './components/Toasts.tsx';
import { TokenRequiredScreen } from './components/TokenRequiredScreen.tsx';
import { applyLanguage, withPageTexts } from './i18n/i18n.ts';
import { openSettingsAt } from './lib/settings-target.ts';
import { applyTheme } from './lib/theme.ts';
import { useAppStore } from './stores/app-store.ts';
import { useChatStore } from './stores/chat-store.ts';
import { useLogsStore } from './stores/logs-store.ts';
import { useModelsStore } from './stores/models-store.ts';
import { useUpdatesStore } from './stores/updates-store.ts';
import { useUpstreamHealthStore, watchUpstreamHealth } from './stores/upstream-health-store.ts';

// Shown once, before the app has a profile and a key: loaded then, not on every first load.
const FirstRunFlow = lazy(() =>
  withPageTexts(['firstRun', 'settings'], () => import('./pages/first-run/FirstRunFlow.tsx')),
);

/**
 * Wires the app's events into the stores once, for the window's lifetime, so every page sees
 * live data whether or not it was open when the event came; then picks what to show.
 */
function useAppEvents() {
  useEffect(() => {
    const api = getApi();
    const app = useAppStore.getState();
    app.setConnection(api.connection());
    let wasDown = false;
    const offs = [
      api.onConnection((state) => {
        useAppStore.getState().setConnection(state);
        if (state === 'reconnecting') wasDown = true;
        // Events missed while disconnected: read the status again rather than trust it.
        if (state === 'open' && wasDown) {
          wasDown = false;
          void useAppStore.getState().refreshStatus();
          void useUpstreamHealthStore.getState().refresh();
        }
      }),
      api.on('upstream.health', (health) => useUpstreamHealthStore.getState().setHealth(health)),
      // The model list failed while the upstream did (a rejected key, say): load it again
      // as soon as the upstream answers.
      useUpstreamHealthStore.subscribe((now, before) => {
        const models = useModelsStore.getState();
        if (
          now.health?.state === 'ok' &&
          before.health?.state !== 'ok' &&
          models.status === 'error'
        )
          void models.load();
      }),
      watchUpstreamHealth(),
      api.on('gateway.status', (gateway) => useAppStore.getState().setGatewayStatus(gateway)),
      // The tray's "Fix the key…" and the like, with the window already open.
      api.on('window.openSettings', ({ target }) => openSettingsAt(target)),
      api.on('logs.appended', (rows) => useLogsStore.getState().onAppended(rows)),
      api.on('chat.delta', (delta) => useChatStore.getState().onDelta(delta)),
      api.on('chat.done', (done) => useChatStore.getState().onDone(done)),
      api.on('updates.status', (status) => useUpdatesStore.getState().setStatus(status)),
      // Notices that do not interrupt: a route moved on to another model, a budget nearly spent.
      // Loaded with the first one: most sessions see none, and every page's first load would
      // carry them (and the routes' and limits' stores they update).
      api.on('route.fallback', (event) => {
        void import('./lib/notices.ts').then((notices) => notices.noticeFallback(event));
      }),
      api.on('budget.alert', (alert) => {
        void import('./lib/notices.ts').then((notices) => notices.noticeBudget(alert));
      }),
    ];
    void app.load();
    return () => offs.forEach((off) => off());
  }, []);
}

export function App() {
  useAppEvents();
  const status = useAppStore((s) => s.status);
  const error = useAppStore((s) => s.error);
  const authProblem = useAppStore((s) => s.authProblem);
  const connection = useAppStore((s) => s.connection);
  const firstRunOpen = useAppStore((s) => s.firstRunOpen);
  const theme = useAppStore((s) => s.settings?.theme);
  const language = useAppStore((s) => s.settings?.language);
  const load = useAppStore((s) => s.load);

  useEffect(() => {
    if (theme) applyTheme(theme);
  }, [theme]);

  // The saved choice wins over the one kept locally for the first paint (another window or
  // the CLI may have changed it).
  useEffect(() => {
    if (language) void applyLanguage(language);
  }, [language]);

  let content;
  if (authProblem) content = <TokenRequiredScreen refused={connection !== 'missing-token'} />;
  else if (!status) content = <StartupScreen error={error} onRetry={() => void load()} />;
  else if (firstRunOpen)
    content = (
      // While its code loads, the startup screen stays: the app is still starting, for the user.
      <Suspense fallback={<StartupScreen error={null} onRetry={() => void load()} />}>
        <FirstRunFlow />
      </Suspense>
    );
  else content = <Shell />;

  return (
    <>
      {content}
      <Toasts />
    </>
  );
}
