import { useTranslation } from 'react-i18next';
import type { ModelInfo } from '../../../shared/contract.ts';
import { WIRE_FORMATS, FORMAT_LABEL, FORMAT_NAME } from '../../../shared/wire-formats.ts';

/**
 * The client formats that reach a model: solid for formats the model speaks upstream (passed
 * through), dashed for those the gateway translates. Formats it cannot serve are left out.
 */
export function FormatBadges({
  model,
}: {
  model: Pick<ModelInfo, 'formats' | 'translatedFormats'>;
}) {
  const { t } = useTranslation();
  const shown = WIRE_FORMATS.filter(
    (f) => model.formats.includes(f) || model.translatedFormats.includes(f),
  );
  if (shown.length === 0) return <span className="subtle">{t('formatBadges.none')}</span>;
  return (
    <span className="badge-row">
      {shown.map((format) => {
        const native = model.formats.includes(format);
        const preferred = model.formats[0] === format;
        const name = FORMAT_NAME[format];
        const title = !native
          ? t('formatBadges.translated', { name })
          : preferred
            ? t('formatBadges.nativePreferred', { name })
            : t('formatBadges.native', { name });
        return (
          <span
            key={format}
            className={native ? 'badge badge-native' : 'badge badge-translated'}
            title={title}
          >
            {FORMAT_LABEL[format]}
            <span className="visually-hidden">
              {native ? t('formatBadges.nativeSuffix') : t('formatBadges.translatedSuffix')}
            </span>
          </span>
        );
      })}
    </span>
  );
}
