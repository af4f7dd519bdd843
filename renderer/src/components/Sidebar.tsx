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
import { hashFor, type PageId } from '../lib/routes.ts';
import { useAppStore } from '../stores/app-store.ts';

interface NavItem {
  id: PageId;
  label: string;
  Icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean | 'true' }>;
}

const ITEMS: NavItem[] = [
  { id: 'chat', label: 'Chat', Icon: MessageSquare },
  { id: 'models', label: 'Models', Icon: Boxes },
  { id: 'routes', label: 'Routes', Icon: Route },
  { id: 'tools', label: 'Tools', Icon: Plug },
  { id: 'usage', label: 'Usage', Icon: ChartColumn },
  { id: 'logs', label: 'Logs', Icon: ScrollText },
  { id: 'settings', label: 'Settings', Icon: Settings },
];

export function Sidebar({ page }: { page: PageId }) {
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
      <nav aria-label="Main">
        <ul className="nav-list">
          {ITEMS.map(({ id, label, Icon }) => (
            <li key={id}>
              <a
                className="nav-link"
                href={hashFor(id)}
                aria-current={page === id ? 'page' : undefined}
              >
                <Icon size={18} aria-hidden="true" />
                <span className="nav-label">{label}</span>
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="sidebar-footer">
        {version ? `v${version}` : null}
        {shell === 'headless' ? ' · headless' : null}
      </div>
    </aside>
  );
}
