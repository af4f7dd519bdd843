import { ConnectionPill } from './ConnectionPill.tsx';
import { GatewayStatusIndicator } from './GatewayStatusIndicator.tsx';
import { ThemeToggle } from './ThemeToggle.tsx';

export function AppHeader() {
  return (
    <header className="app-header">
      <GatewayStatusIndicator />
      <div className="header-end">
        <ConnectionPill />
        <ThemeToggle />
      </div>
    </header>
  );
}
