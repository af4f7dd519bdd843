import { X } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BudgetStatus, TokenInfo, TokenLimits } from '../../../../shared/contract.ts';
import { errorMessage } from '../../api/index.ts';
import { Alert } from '../../components/Alert.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { ErrorState } from '../../components/ErrorState.tsx';
import { Field } from '../../components/Field.tsx';
import { NumberField } from '../../components/NumberField.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { ModelPicker } from '../../components/ModelPicker.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { budgetView } from '../../format/budget.ts';
import { limitsTitle } from '../../format/token-client.ts';
import type { UnavailableReason } from '../../lib/model-options.ts';
import { budgetsOf, useLimitsStore } from '../../stores/limits-store.ts';
import { useModelsStore } from '../../stores/models-store.ts';
import { useRoutesStore } from '../../stores/routes-store.ts';
import { toast } from '../../stores/toast-store.ts';
import {
  checkLimitsForm,
  formFromLimits,
  limitsSummary,
  type LimitsErrors,
  type LimitsForm,
} from './limits-form.ts';

interface LimitsDialogProps {
  token: TokenInfo | null;
  onClose: () => void;
}

type Loaded =
  | { state: 'loading' }
  | { state: 'ready'; limits: TokenLimits }
  | { state: 'error'; message: string };

/** A token's budgets and limits, read fresh when the dialog opens. */
export function LimitsDialog({ token, onClose }: LimitsDialogProps) {
  const { t } = useTranslation();
  const formId = useId();
  const fetchLimits = useLimitsStore((s) => s.fetchLimits);
  const ensureModels = useModelsStore((s) => s.ensureLoaded);
  const ensureRoutes = useRoutesStore((s) => s.ensureLoaded);
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState(false);
  const tokenId = token?.id ?? null;

  useEffect(() => {
    if (!tokenId) return;
    let cancelled = false;
    setLoaded({ state: 'loading' });
    void ensureModels();
    void ensureRoutes();
    fetchLimits(tokenId)
      .then((limits) => !cancelled && setLoaded({ state: 'ready', limits }))
      .catch((e: unknown) => !cancelled && setLoaded({ state: 'error', message: errorMessage(e) }));
    return () => {
      cancelled = true;
    };
  }, [tokenId, attempt, fetchLimits, ensureModels, ensureRoutes]);

  const close = () => {
    if (!busy) onClose();
  };

  return (
    <Dialog
      open={token !== null}
      onClose={close}
      wide
      title={token ? limitsTitle(token) : t('settings.limits.title')}
      description={
        token?.withoutToken
          ? t('settings.limits.descriptionWithoutToken')
          : t('settings.limits.descriptionToken')
      }
      footer={
        loaded.state === 'ready' ? (
          <>
            <button type="button" className="btn" onClick={close} disabled={busy}>
              {t('settings.limits.cancel')}
            </button>
            <button type="submit" form={formId} className="btn btn-primary" disabled={busy}>
              {busy ? <Spinner size={14} /> : null}
              {t('settings.limits.save')}
            </button>
          </>
        ) : (
          <button type="button" className="btn" onClick={close}>
            {t('settings.limits.close')}
          </button>
        )
      }
    >
      {!token ? null : loaded.state === 'loading' ? (
        <LoadingState label={t('settings.limits.loading')} />
      ) : loaded.state === 'error' ? (
        <ErrorState
          title={t('settings.limits.loadFailed')}
          message={loaded.message}
          onRetry={() => setAttempt(attempt + 1)}
        />
      ) : (
        <LimitsEditorForm
          key={token.id}
          id={formId}
          token={token}
          initial={loaded.limits}
          onBusy={setBusy}
          onSaved={onClose}
        />
      )}
    </Dialog>
  );
}

interface LimitsEditorFormProps {
  id: string;
  token: TokenInfo;
  initial: TokenLimits;
  onBusy: (busy: boolean) => void;
  onSaved: () => void;
}

const PERIODS = [
  { field: 'dailyUsd', period: 'day' },
  { field: 'weeklyUsd', period: 'week' },
  { field: 'monthlyUsd', period: 'month' },
] as const;

function LimitsEditorForm({ id, token, initial, onBusy, onSaved }: LimitsEditorFormProps) {
  const { t } = useTranslation();
  const models = useModelsStore((s) => s.models);
  const routes = useRoutesStore((s) => s.routes);
  const budgets = useLimitsStore((s) => s.budgets);
  const saveLimits = useLimitsStore((s) => s.saveLimits);
  const [form, setForm] = useState<LimitsForm>(() => formFromLimits(initial));
  const [errors, setErrors] = useState<LimitsErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const firstField = useRef<HTMLInputElement>(null);
  const allowedList = useRef<HTMLUListElement>(null);
  const now = Date.now();
  const current = budgetsOf(budgets, { id: token.id });

  useEffect(() => {
    const timer = setTimeout(() => firstField.current?.focus(), 0);
    return () => clearTimeout(timer);
  }, []);

  const patch = (next: Partial<LimitsForm>) => {
    setForm((f) => ({ ...f, ...next }));
    // A field's message goes once it is edited; the others stay until the next save.
    setErrors((e) => {
      const kept = { ...e };
      for (const key of Object.keys(next)) delete kept[key as keyof LimitsErrors];
      return kept;
    });
    setRefusal(null);
  };

  const allowedReason: UnavailableReason = useCallback(
    (choice) => (form.models.includes(choice.id) ? t('settings.limits.alreadyAllowed') : null),
    [form.models, t],
  );

  const removeAllowed = (index: number) => {
    const model = form.models[index];
    const next = form.models.filter((_, i) => i !== index);
    patch({ models: next });
    setAnnouncement(t('settings.limits.removedAnnouncement', { model: model ?? '' }));
    // The focus goes to the next entry's remove button, else to the picker.
    setTimeout(() => {
      const buttons = allowedList.current?.querySelectorAll<HTMLButtonElement>('button');
      const target = buttons?.[Math.min(index, (buttons?.length ?? 1) - 1)];
      (
        target ?? document.querySelector<HTMLElement>(`[data-limits-add="${CSS.escape(id)}"] input`)
      )?.focus();
    }, 0);
  };

  const submit = async () => {
    const checked = checkLimitsForm(form);
    setErrors(checked.errors ?? {});
    setRefusal(null);
    if (!checked.limits) {
      // The first field in error gets the focus, so its message is read.
      setTimeout(
        () =>
          document.querySelector<HTMLElement>(`#${CSS.escape(id)} [aria-invalid="true"]`)?.focus(),
        0,
      );
      return;
    }
    onBusy(true);
    try {
      const saved = await saveLimits(token.id, checked.limits);
      toast.success(
        t('settings.limits.saved', { name: token.name, summary: limitsSummary(saved) }),
      );
      onSaved();
    } catch (error) {
      setRefusal(errorMessage(error));
    } finally {
      onBusy(false);
    }
  };

  const spentHint = (period: BudgetStatus['period'], fallback: string) => {
    const budget = current.find((b) => b.period === period);
    if (!budget) return fallback;
    const view = budgetView(budget, now);
    return t('settings.limits.spentHint', {
      hint: fallback,
      amounts: view.amounts,
      resets: view.resets,
    });
  };

  return (
    <form
      id={id}
      className="stack limits-form"
      aria-label={limitsTitle(token)}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <fieldset className="limits-part">
        <legend className="field-label">{t('settings.limits.budgets')}</legend>
        <div className="form-grid limits-grid">
          {PERIODS.map(({ field, period }, i) => (
            <NumberField
              key={field}
              label={t(`settings.limits.period.${period}.label`)}
              hint={spentHint(period, t(`settings.limits.period.${period}.hint`))}
              error={errors[field] ?? null}
              prefix="$"
              placeholder={t('settings.limits.noBudget')}
              value={form[field]}
              onChange={(value) => patch({ [field]: value })}
              {...(i === 0 ? { inputRef: firstField } : {})}
            />
          ))}
        </div>
      </fieldset>

      <fieldset className="limits-part">
        <legend className="field-label">{t('settings.limits.rates')}</legend>
        <div className="form-grid limits-grid">
          <NumberField
            label={t('settings.limits.rpm')}
            error={errors.rpm ?? null}
            whole
            placeholder={t('settings.limits.noLimit')}
            value={form.rpm}
            onChange={(value) => patch({ rpm: value })}
          />
          <NumberField
            label={t('settings.limits.tpm')}
            hint={t('settings.limits.tpmHint')}
            error={errors.tpm ?? null}
            whole
            placeholder={t('settings.limits.noLimit')}
            value={form.tpm}
            onChange={(value) => patch({ tpm: value })}
          />
        </div>
      </fieldset>

      <fieldset className="limits-part">
        <legend className="field-label">{t('settings.limits.allowed')}</legend>
        {form.models.length === 0 ? (
          <p className="field-hint">{t('settings.limits.anyModel')}</p>
        ) : (
          <ul
            ref={allowedList}
            className="limits-allowed"
            aria-label={t('settings.limits.allowed')}
          >
            {form.models.map((modelId, index) => (
              <li key={modelId} className="limits-chip">
                <span className="mono">{modelId}</span>
                {routes.some((r) => r.name === modelId) ? (
                  <span className="subtle">{t('settings.limits.route')}</span>
                ) : !models.some((m) => m.id === modelId) ? (
                  <span className="subtle">{t('settings.limits.notInCatalog')}</span>
                ) : null}
                <button
                  type="button"
                  className="btn btn-ghost btn-icon btn-sm"
                  aria-label={t('settings.limits.removeAllowed', { model: modelId })}
                  onClick={() => removeAllowed(index)}
                >
                  <X size={14} aria-hidden="true" />
                </button>
              </li>
            ))}
          </ul>
        )}
        <Field label={t('settings.limits.allow')} hint={t('settings.limits.allowHint')}>
          {(p) => (
            <div data-limits-add={id}>
              <ModelPicker
                {...p}
                models={models}
                routes={routes}
                value={null}
                onChange={(modelId) => {
                  patch({ models: [...form.models, modelId] });
                  setAnnouncement(t('settings.limits.allowedAnnouncement', { model: modelId }));
                }}
                unavailableReason={allowedReason}
                placeholder={t('settings.limits.search')}
                showInfo={false}
                wide
              />
            </div>
          )}
        </Field>
        <div className="visually-hidden" aria-live="polite">
          {announcement}
        </div>
      </fieldset>

      <Field
        label={t('settings.limits.thenRoute')}
        hint={
          routes.length === 0
            ? t('settings.limits.thenRouteNoRoutes')
            : t('settings.limits.thenRouteHint')
        }
        error={errors.thenRoute ?? null}
      >
        {(p) => (
          <select
            {...p}
            className="select"
            value={form.thenRoute}
            onChange={(e) => patch({ thenRoute: e.target.value })}
          >
            <option value="">{t('settings.limits.refuse')}</option>
            {form.thenRoute && !routes.some((r) => r.name === form.thenRoute) ? (
              <option value={form.thenRoute}>
                {t('settings.limits.useGoneRoute', { route: form.thenRoute })}
              </option>
            ) : null}
            {routes.map((r) => (
              <option key={r.name} value={r.name}>
                {t('settings.limits.useRoute', { route: r.name, models: r.models.join(' → ') })}
              </option>
            ))}
          </select>
        )}
      </Field>

      {refusal ? (
        <Alert kind="error" title={t('settings.limits.notSaved')}>
          {refusal}
        </Alert>
      ) : null}
    </form>
  );
}
