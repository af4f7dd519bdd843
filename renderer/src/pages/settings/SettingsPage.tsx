import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useSettingsTarget } from '../../lib/use-settings-target.ts';
import { GatewaySection } from './GatewaySection.tsx';
import { LanguageSection } from './LanguageSection.tsx';
import { SnippetsSection } from './SnippetsSection.tsx';
import { TokensSection } from './TokensSection.tsx';
import { UpdatesSection } from './UpdatesSection.tsx';
import { UpstreamSection } from './UpstreamSection.tsx';
import './settings.css';

const upstreamHeading = () => document.getElementById('upstream-heading');
const gatewayHeading = () => document.getElementById('gateway-heading');

export default function SettingsPage() {
  const { t } = useTranslation();
  // Other pages send the user to a section to fix what they report (the key has its own).
  useSettingsTarget('upstream', upstreamHeading);
  useSettingsTarget('gateway', gatewayHeading);
  return (
    <main className="page">
      <div className="page-narrow">
        <PageHeader title={t('settings.page.title')} description={t('settings.page.description')} />
        <nav className="settings-toc" aria-label={t('settings.page.sections')}>
          <a href="#upstream" onClick={scrollTo('upstream')}>
            {t('settings.upstream.title')}
          </a>
          <a href="#gateway" onClick={scrollTo('gateway')}>
            {t('settings.gateway.title')}
          </a>
          <a href="#tokens" onClick={scrollTo('tokens')}>
            {t('settings.tokens.title')}
          </a>
          <a href="#snippets" onClick={scrollTo('snippets')}>
            {t('settings.snippets.title')}
          </a>
          <a href="#updates" onClick={scrollTo('updates')}>
            {t('settings.updates.title')}
          </a>

          <a href="#language" onClick={scrollTo('language')}>
            {t('settings.language.title')}
          </a>
        </nav>
        <div className="stack settings-sections">
          <UpstreamSection />
          <GatewaySection />
          <TokensSection />
          <SnippetsSection />
          <UpdatesSection />
          <LanguageSection />
        </div>
      </div>
    </main>
  );
}

/** In-page links must not change the hash: the hash is the page router. */
function scrollTo(id: string) {
  return (event: MouseEvent) => {
    event.preventDefault();
    const target = document.getElementById(id);
    target?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    target?.querySelector<HTMLElement>('h2')?.focus();
  };
}
