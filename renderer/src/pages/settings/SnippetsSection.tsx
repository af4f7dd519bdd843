import { useEffect, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeBlock } from '../../components/CodeBlock.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { buildSnippets, gatewayBaseUrl, type Snippet } from '../../lib/snippets.ts';
import { useAppStore } from '../../stores/app-store.ts';
import { useModelsStore } from '../../stores/models-store.ts';
import { useTokensStore } from '../../stores/tokens-store.ts';

/** Copy-ready code for curl, the SDKs and the environment, filled in for this gateway. */
export function SnippetsSection() {
  const { t } = useTranslation();
  const url = useAppStore((s) => s.status?.gateway.url ?? null);
  const port = useAppStore((s) => s.settings?.port ?? s.status?.gateway.port ?? 8787);
  const created = useTokensStore((s) => s.created);
  const models = useModelsStore((s) => s.models);
  const ensureModels = useModelsStore((s) => s.ensureLoaded);
  const [tab, setTab] = useState<Snippet['id']>('curl');

  useEffect(() => {
    void ensureModels();
  }, [ensureModels]);

  const model = models.find((m) => m.formats.length > 0)?.id ?? models[0]?.id ?? 'MODEL_ID';
  const snippets = buildSnippets({
    gatewayUrl: gatewayBaseUrl(url, port),
    token: created?.token ?? null,
    model,
  });
  const current = snippets.find((s) => s.id === tab) ?? snippets[0];

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    // Arrow keys move between tabs (the WAI-ARIA tabs pattern).
    const delta = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!delta) return;
    event.preventDefault();
    const next = snippets[(index + delta + snippets.length) % snippets.length];
    if (next) {
      setTab(next.id);
      document.getElementById(`snippet-tab-${next.id}`)?.focus();
    }
  };

  return (
    <SectionCard
      id="snippets"
      title={t('settings.snippets.title')}
      description={
        created
          ? t('settings.snippets.withToken', { name: created.info.name })
          : t('settings.snippets.withoutToken', { variable: 'MODEL_GATEWAY_TOKEN' })
      }
    >
      <div className="stack">
        <div className="tabs" role="tablist" aria-label={t('settings.snippets.tabs')}>
          {snippets.map((snippet, index) => (
            <button
              key={snippet.id}
              id={`snippet-tab-${snippet.id}`}
              type="button"
              role="tab"
              className="tab"
              aria-selected={snippet.id === current?.id}
              aria-controls="snippet-panel"
              tabIndex={snippet.id === current?.id ? 0 : -1}
              onClick={() => setTab(snippet.id)}
              onKeyDown={(e) => onKeyDown(e, index)}
            >
              {snippet.title}
            </button>
          ))}
        </div>
        {current ? (
          <div id="snippet-panel" role="tabpanel" aria-labelledby={`snippet-tab-${current.id}`}>
            <CodeBlock
              code={current.code}
              label={t('settings.snippets.codeLabel', { title: current.title })}
            />
          </div>
        ) : null}
      </div>
    </SectionCard>
  );
}
