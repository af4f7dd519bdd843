import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/index.ts';
import { SectionCard } from '../../components/SectionCard.tsx';
import { applyLanguage } from '../../i18n/i18n.ts';
import {
  isLanguageChoice,
  LANGUAGES,
  systemLanguage,
  type LanguageChoice,
} from '../../../../shared/ui-languages.ts';
import { useAppStore } from '../../stores/app-store.ts';
import { toast } from '../../stores/toast-store.ts';

/** The UI's language: the system's or one chosen, applied at once (no restart) and saved. */
export function LanguageSection() {
  const { t } = useTranslation();
  const choice = useAppStore((s) => s.settings?.language ?? 'system');
  const updateSettings = useAppStore((s) => s.updateSettings);

  const choose = async (value: LanguageChoice) => {
    await applyLanguage(value);
    try {
      await updateSettings({ language: value });
    } catch (error) {
      toast.error(t('settings.language.notSaved', { error: errorMessage(error) }));
    }
  };

  return (
    <SectionCard
      id="language"
      title={t('settings.language.title')}
      description={t('settings.language.description')}
    >
      <label className="field">
        <span className="field-label">{t('settings.language.label')}</span>
        <select
          value={choice}
          onChange={(event) => {
            const value = event.target.value;
            if (isLanguageChoice(value)) void choose(value);
          }}
        >
          <option value="system">
            {t('settings.language.system', {
              language: t(`language.${systemLanguage(navigator.languages)}`),
            })}
          </option>
          {LANGUAGES.map((language) => (
            // Each language named in itself, so a person can find theirs in any UI language.
            <option key={language} value={language} lang={language}>
              {t(`language.${language}`)}
            </option>
          ))}
        </select>
      </label>
    </SectionCard>
  );
}
