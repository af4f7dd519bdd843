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
        <PageHeader
          title="Settings"
          description="The upstream and its key, the local gateway, tokens for your tools, how to connect them, and the app's updates."
        />
        <nav className="settings-toc" aria-label="Settings sections">
          <a href="#upstream" onClick={scrollTo('upstream')}>
            Upstream
          </a>
          <a href="#gateway" onClick={scrollTo('gateway')}>
            Local gateway
          </a>
          <a href="#tokens" onClick={scrollTo('tokens')}>
            Local tokens
          </a>
          <a href="#snippets" onClick={scrollTo('snippets')}>
            Connect your tools
          </a>
          <a href="#updates" onClick={scrollTo('updates')}>
            Updates
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
