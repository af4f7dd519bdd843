import { useTranslation } from 'react-i18next';
import { useId, useState } from 'react';
import type { ChatParams } from '../../../../shared/contract.ts';
import { Spinner } from '../../components/Spinner.tsx';
import { useBusyAction } from '../../lib/use-busy-action.ts';
import { useChatStore } from '../../stores/chat-store.ts';
import { toast } from '../../stores/toast-store.ts';
import { paramsFromForm, REASONING_EFFORTS } from './chat-params.ts';

/** Temperature, max tokens and reasoning effort, saved with the conversation. */
export function ParametersEditor({ value, onDone }: { value: ChatParams; onDone: () => void }) {
  const { t } = useTranslation();
  const update = useChatStore((s) => s.update);
  const id = useId();
  const [temperature, setTemperature] = useState(value.temperature?.toString() ?? '');
  const [maxTokens, setMaxTokens] = useState(value.maxTokens?.toString() ?? '');
  const [reasoningEffort, setReasoningEffort] = useState<string>(value.reasoningEffort ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const { busy, perform } = useBusyAction({ onError: (message) => toast.error(message) });

  const save = async () => {
    const params = paramsFromForm({ temperature, maxTokens, reasoningEffort });
    if (typeof params === 'string') {
      setProblem(params);
      return;
    }
    setProblem(null);
    await perform(async () => {
      await update({ params });
      toast.success(t('chat.params.saved'));
      onDone();
    });
  };

  return (
    <form
      className="chat-params"
      aria-label={t('chat.view.parameters')}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <p className="field-hint">{t('chat.params.hint')}</p>
      <div className="chat-params-fields">
        <div className="field">
          <label className="field-label" htmlFor={`${id}-temperature`}>
            {t('chat.params.temperature')}
          </label>
          <input
            id={`${id}-temperature`}
            className="input"
            type="number"
            inputMode="decimal"
            min={0}
            max={2}
            step={0.1}
            placeholder={t('chat.params.default')}
            value={temperature}
            onChange={(e) => setTemperature(e.target.value)}
          />
        </div>
        <div className="field">
          <label className="field-label" htmlFor={`${id}-max`}>
            {t('chat.params.maxTokens')}
          </label>
          <input
            id={`${id}-max`}
            className="input"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            placeholder={t('chat.params.default')}
            value={maxTokens}
            onChange={(e) => setMaxTokens(e.target.value)}
          />
        </div>
        <div className="field">
          <label className="field-label" htmlFor={`${id}-effort`}>
            {t('chat.params.reasoningEffort')}
          </label>
          <select
            id={`${id}-effort`}
            className="select"
            value={reasoningEffort}
            onChange={(e) => setReasoningEffort(e.target.value)}
          >
            <option value="">{t('chat.params.default')}</option>
            {REASONING_EFFORTS.map((effort) => (
              <option key={effort} value={effort}>
                {t(`chat.params.effort.${effort}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {problem ? (
        <p className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="form-actions">
        <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
          {busy ? <Spinner size={13} /> : null}
          {t('chat.params.save')}
        </button>
        <button type="button" className="btn btn-sm" onClick={onDone} disabled={busy}>
          {t('chat.cancel')}
        </button>
      </div>
    </form>
  );
}
