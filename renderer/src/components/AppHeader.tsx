import { ConnectionPill } from './ConnectionPill.tsx';
import { GatewayStatusIndicator } from './GatewayStatusIndicator.tsx';
import { ThemeToggle } from './ThemeToggle.tsx';
import { UpstreamStatusIndicator } from './UpstreamStatusIndicator.tsx';

export function AppHeader() {
  return (
    <header className="app-header">
      <div className="header-start">
        <GatewayStatusIndicator />
        <UpstreamStatusIndicator />
      </div>
      <div className="header-end">
        <ConnectionPill />
        <ThemeToggle />
      </div>
    </header>
  );
}
