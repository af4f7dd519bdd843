import { useTranslation } from 'react-i18next';
import { Monitor, Moon, Sun } from 'lucide-react';
import { errorMessage } from '../api/index.ts';
import { i18n } from '../i18n/i18n.ts';
import { applyTheme, type ThemeChoice } from '../lib/theme.ts';
import { useAppStore } from '../stores/app-store.ts';
import { toast } from '../stores/toast-store.ts';

const OPTIONS: { value: ThemeChoice; label: () => string; Icon: typeof Sun }[] = [
  { value: 'light', label: () => i18n.t('theme.light'), Icon: Sun },
  { value: 'dark', label: () => i18n.t('theme.dark'), Icon: Moon },
  { value: 'system', label: () => i18n.t('theme.system'), Icon: Monitor },
];

/** Light / dark / system, applied at once and saved in the app's settings. */
export function ThemeToggle() {
  const { t } = useTranslation();
  const theme = useAppStore((s) => s.settings?.theme ?? 'system');
  const updateSettings = useAppStore((s) => s.updateSettings);

  const choose = async (value: ThemeChoice) => {
    applyTheme(value);
    try {
      await updateSettings({ theme: value });
    } catch (error) {
      toast.error(t('theme.notSaved', { error: errorMessage(error) }));
    }
  };

  return (
    <div className="segmented segmented-icons" role="group" aria-label={t('theme.label')}>
      {OPTIONS.map(({ value, label, Icon }) => (
        <button
          key={value}
          type="button"
          aria-label={label()}
          title={label()}

          aria-pressed={theme === value}
          onClick={() => void choose(value)}
        >
          <Icon size={15} aria-hidden="true" />
        </button>
      ))}
    </div>
  );
}
