import { useTranslation } from 'react-i18next';
import type { ModelInfo } from '../../../../shared/contract.ts';
import { Dialog } from '../../components/Dialog.tsx';
import { ModelOverrideForm } from './ModelOverrideForm.tsx';

interface ModelOverrideDialogProps {
  model: ModelInfo | null;
  onClose: () => void;
}

/**
 * Replaces the upstream's formats (markers) and/or tariff for one model. Each part is
 * overridden on its own; unticking one hands it back to the upstream.
 */
export function ModelOverrideDialog({ model, onClose }: ModelOverrideDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={model !== null}
      onClose={onClose}
      variant="drawer"
      title={
        model ? t('models.override.titleFor', { model: model.id }) : t('models.override.title')
      }
      description={t('models.override.description')}
    >
      {/* Keyed: a different model starts from its own values. */}
      {model ? <ModelOverrideForm key={model.id} model={model} onClose={onClose} /> : null}
    </Dialog>
  );
}
