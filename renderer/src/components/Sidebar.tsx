import {
  ChartColumn,
  Boxes,
  MessageSquare,
  Plug,
  Route,
  ScrollText,
  Settings,
  Waypoints,
} from 'lucide-react';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { hashFor, type PageId } from '../lib/routes.ts';
import { useAppStore } from '../stores/app-store.ts';

interface NavItem {
  id: PageId;
  Icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean | 'true' }>;
}

const ITEMS: NavItem[] = [
  { id: 'chat', Icon: MessageSquare },
  { id: 'models', Icon: Boxes },
  { id: 'routes', Icon: Route },
  { id: 'tools', Icon: Plug },
  { id: 'usage', Icon: ChartColumn },
  { id: 'logs', Icon: ScrollText },
  { id: 'settings', Icon: Settings },
];

export function Sidebar({ page }: { page: PageId }) {
  const { t } = useTranslation();
  const version = useAppStore((s) => s.status?.version);
  const shell = useAppStore((s) => s.status?.shell);
  return (
    <aside className="sidebar">
      <div className="brand">
        <span className="brand-mark" aria-hidden="true">
          <Waypoints size={16} />
        </span>
        <span className="brand-name">Model Gateway</span>
      </div>
      <nav aria-label={t('nav.label')}>
        <ul className="nav-list">
          {ITEMS.map(({ id, Icon }) => (
            <li key={id}>
              <a
                className="nav-link"
                href={hashFor(id)}
                aria-current={page === id ? 'page' : undefined}
              >
                <Icon size={18} aria-hidden="true" />
                <span className="nav-label">{t(`nav.${id}`)}</span>
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="sidebar-footer">
        {version ? `v${version}` : null}
        {shell === 'headless' ? ` · ${t('nav.headless')}` : null}
      </div>
    </aside>
  );
}
