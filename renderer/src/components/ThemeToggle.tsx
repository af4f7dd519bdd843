import { Monitor, Moon, Sun } from 'lucide-react';
import { errorMessage } from '../api/index.ts';
import { applyTheme, type ThemeChoice } from '../lib/theme.ts';
import { useAppStore } from '../stores/app-store.ts';
import { toast } from '../stores/toast-store.ts';

const OPTIONS: { value: ThemeChoice; label: string; Icon: typeof Sun }[] = [
  { value: 'light', label: 'Light theme', Icon: Sun },
  { value: 'dark', label: 'Dark theme', Icon: Moon },
  { value: 'system', label: 'System theme', Icon: Monitor },
];

/** Light / dark / system, applied at once and saved in the app's settings. */
export function ThemeToggle() {
  const theme = useAppStore((s) => s.settings?.theme ?? 'system');
  const updateSettings = useAppStore((s) => s.updateSettings);

  const choose = async (value: ThemeChoice) => {
    applyTheme(value);
    try {
      await updateSettings({ theme: value });
    } catch (error) {
      toast.error(`The theme applies now but was not saved: ${errorMessage(error)}`);
    }
  };

  return (
    <div className="segmented segmented-icons" role="group" aria-label="Theme">
      {OPTIONS.map(({ value, label, Icon }) => (
        <button
          key={value}
          type="button"
          aria-label={label}
          title={label}
          aria-pressed={theme === value}
          onClick={() => void choose(value)}
        >
          <Icon size={15} aria-hidden="true" />
        </button>
      ))}
    </div>
  );
}
