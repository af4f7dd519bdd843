import { ArrowDown, ArrowUp, TriangleAlert, X } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { ModelRouteInfo } from '../../../../shared/contract.ts';
import { errorMessage } from '../../api/index.ts';
import { Alert } from '../../components/Alert.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { Field } from '../../components/Field.tsx';
import { NumberField } from '../../components/NumberField.tsx';
import { FormatBadges } from '../../components/FormatBadges.tsx';
import { ModelPicker } from '../../components/ModelPicker.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { routeBadges, type UnavailableReason } from '../../lib/model-options.ts';
import { useModelsStore } from '../../stores/models-store.ts';
import { useRouteActivityStore } from '../../stores/route-activity-store.ts';
import { useRoutesStore } from '../../stores/routes-store.ts';
import { toast } from '../../stores/toast-store.ts';
import {
  checkRouteForm,
  defaultWaitText,
  formFromRoute,
  moveItem,
  type RouteForm,
  type RouteFormErrors,
} from './route-form.ts';

interface RouteEditorProps {
  open: boolean;
  /** The route to change; null: a new one. */
  route: ModelRouteInfo | null;
  onClose: () => void;
  /** Saved under this name (the dialog closes too). */
  onSaved: (name: string) => void;
}

/** Creates or changes a route, in a dialog: a form keyed by the route, so each opens fresh. */
export function RouteEditor({ open, route, onClose, onSaved }: RouteEditorProps) {
  const { t } = useTranslation();
  const formId = useId();
  const [busy, setBusy] = useState(false);
  const close = () => {
    if (!busy) onClose();
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      wide
      title={
        route ? t('routes.editor.editTitle', { name: route.name }) : t('routes.editor.newTitle')
      }
      description={t('routes.editor.description')}
      footer={
        <>
          <button type="button" className="btn" onClick={close} disabled={busy}>
            {t('routes.editor.cancel')}
          </button>
          <button type="submit" form={formId} className="btn btn-primary" disabled={busy}>
            {busy ? <Spinner size={14} /> : null}
            {t('routes.editor.save')}
          </button>
        </>
      }
    >
      {open ? (
        <RouteEditorForm
          key={route?.name ?? '(new)'}
          id={formId}
          route={route}
          onBusy={setBusy}
          onSaved={(name) => {
            onClose();
            onSaved(name);
          }}
        />
      ) : null}
    </Dialog>
  );
}

interface RouteEditorFormProps {
  id: string;
  route: ModelRouteInfo | null;
  onBusy: (busy: boolean) => void;
  onSaved: (name: string) => void;
}

function RouteEditorForm({ id, route, onBusy, onSaved }: RouteEditorFormProps) {
  const { t } = useTranslation();
  const models = useModelsStore((s) => s.models);
  const routes = useRoutesStore((s) => s.routes);
  const defaults = useRoutesStore((s) => s.defaults);
  const save = useRoutesStore((s) => s.save);
  const onRouteSaved = useRouteActivityStore((s) => s.onSaved);
  const [form, setForm] = useState<RouteForm>(() => formFromRoute(route));
  const [errors, setErrors] = useState<RouteFormErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const nameRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLOListElement>(null);
  /** After a move or a removal, the control to give the focus to. */
  const [pendingFocus, setPendingFocus] = useState<string | null>(null);

  // The dialog opens after this form mounts: focus the name once it is shown.
  useEffect(() => {
    const timer = setTimeout(() => nameRef.current?.focus(), 0);
    return () => clearTimeout(timer);
  }, []);

  useEffect(() => {
    if (pendingFocus === null) return;
    // The button pressed, else another of the same model's (a move to an end disables one).
    const [model] = pendingFocus.split(/:(?=[a-z]+$)/);
    const keys = [pendingFocus, ...['up', 'down', 'remove'].map((k) => `${model}:${k}`)];
    const buttons = [...(listRef.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])];
    const target = keys
      .map((key) => buttons.find((b) => b.dataset.focusKey === key && !b.disabled))
      .find((b) => b !== undefined);
    (
      target ?? document.querySelector<HTMLElement>(`[data-route-add="${CSS.escape(id)}"] input`)
    )?.focus();
    setPendingFocus(null);
  }, [pendingFocus, id]);

  const patch = (next: Partial<RouteForm>) => {
    setForm((f) => ({ ...f, ...next }));
    // A field's message goes once it is edited; the others stay until the next save.
    setErrors((e) => {
      const kept = { ...e };
      for (const key of Object.keys(next)) delete kept[key as keyof RouteFormErrors];
      return kept;
    });
    setRefusal(null);
  };

  const editedName = form.name.trim();
  const unavailable: UnavailableReason = useCallback(
    (choice) => {
      if (choice.kind === 'route' && (choice.id === editedName || choice.id === route?.name))
        return t('routes.editor.itself');
      if (form.models.includes(choice.id)) return t('routes.editor.already');
      return null;
    },
    [editedName, route?.name, form.models, t],
  );

  const add = (modelId: string) => {
    patch({ models: [...form.models, modelId] });
    setAnnouncement(t('routes.editor.added', { model: modelId, position: form.models.length + 1 }));
  };

  const move = (index: number, step: -1 | 1) => {
    const model = form.models[index];
    if (model === undefined) return;
    patch({ models: moveItem(form.models, index, step) });
    setAnnouncement(
      t('routes.editor.moved', {
        model,
        position: index + step + 1,
        count: form.models.length,
      }),
    );
    // Keep the focus on the button pressed (it moved with the model), or its twin at an end.
    setPendingFocus(`${model}:${step < 0 ? 'up' : 'down'}`);
  };

  const removeAt = (index: number) => {
    const model = form.models[index];
    if (model === undefined) return;
    const next = form.models.filter((_, i) => i !== index);
    patch({ models: next });
    setAnnouncement(t('routes.editor.removed', { model }));
    const neighbour = next[index] ?? next[index - 1];
    setPendingFocus(neighbour !== undefined ? `${neighbour}:remove` : 'add');
  };

  const submit = async () => {
    const checked = checkRouteForm(form);
    setErrors(checked.errors ?? {});
    setRefusal(null);
    if (!checked.params) {
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
      const saved = await save(checked.params);
      // The card shows the app's warnings, and no longer the test of the route as it was.
      onRouteSaved(checked.params, saved);
      toast.success(
        saved.warnings.length > 0
          ? t('routes.editor.savedWarnings', { name: saved.route.name })
          : t('routes.editor.saved', { name: saved.route.name }),
      );
      onSaved(saved.route.name);
    } catch (error) {
      setRefusal(errorMessage(error));
    } finally {
      onBusy(false);
    }
  };

  const catalogClash = models.some((m) => m.id === editedName);

  return (
    <form
      id={id}
      className="stack route-form"
      aria-label={
        route ? t('routes.editor.editTitle', { name: route.name }) : t('routes.editor.newTitle')
      }
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Field
        label={t('routes.editor.name')}
        hint={t('routes.editor.nameHint')}
        error={errors.name ?? null}
      >
        {(p) => (
          <input
            {...p}
            ref={nameRef}
            className="input mono"
            value={form.name}
            autoComplete="off"
            spellCheck={false}
            placeholder="coding"
            onChange={(e) => patch({ name: e.target.value })}
          />
        )}
      </Field>

      <fieldset className="route-form-part">
        <legend className="field-label">{t('routes.editor.models')}</legend>
        {form.models.length === 0 ? (
          <p className="field-hint">{t('routes.editor.noModels')}</p>
        ) : (
          <ol ref={listRef} className="route-edit-list" aria-label={t('routes.editor.modelsLabel')}>
            {form.models.map((modelId, index) => {
              const model = models.find((m) => m.id === modelId);
              const sub = routes.find((r) => r.name === modelId);
              const first = index === 0;
              const last = index === form.models.length - 1;
              return (
                <li key={modelId} className="route-edit-item">
                  <span className="route-model-order" aria-hidden="true">
                    {index + 1}
                  </span>
                  <span className="route-model-main">
                    <span className="mono route-model-id">{modelId}</span>
                    <span className="route-model-facts">
                      {sub ? (
                        <span className="badge badge-neutral">{t('routes.card.routeBadge')}</span>
                      ) : null}
                      {model ? (
                        <FormatBadges model={model} />
                      ) : sub ? (
                        <FormatBadges model={routeBadges(sub, models)} />
                      ) : (
                        <span className="route-missing">
                          <TriangleAlert size={12} aria-hidden="true" />
                          {t('routes.editor.notInCatalog')}
                        </span>
                      )}
                    </span>
                  </span>
                  <span className="route-edit-actions">
                    <button
                      type="button"
                      className="btn btn-sm btn-icon"
                      aria-label={t('routes.editor.moveUpLabel', { model: modelId })}
                      title={t('routes.editor.moveUp')}
                      data-focus-key={`${modelId}:up`}
                      disabled={first}
                      onClick={() => move(index, -1)}
                    >
                      <ArrowUp size={14} aria-hidden="true" />
                    </button>
                    <button
                      type="button"
                      className="btn btn-sm btn-icon"
                      aria-label={t('routes.editor.moveDownLabel', { model: modelId })}
                      title={t('routes.editor.moveDown')}
                      data-focus-key={`${modelId}:down`}
                      disabled={last}
                      onClick={() => move(index, 1)}
                    >
                      <ArrowDown size={14} aria-hidden="true" />
                    </button>
                    <button
                      type="button"
                      className="btn btn-sm btn-icon btn-danger-ghost"
                      aria-label={t('routes.editor.removeLabel', { model: modelId })}
                      title={t('routes.editor.remove')}
                      data-focus-key={`${modelId}:remove`}
                      onClick={() => removeAt(index)}
                    >
                      <X size={14} aria-hidden="true" />
                    </button>
                  </span>
                </li>
              );
            })}
          </ol>
        )}
        <Field label={t('routes.editor.add')} hint={t('routes.editor.addHint')}>
          {(p) => (
            <div data-route-add={id} className="route-add">
              <ModelPicker
                {...p}
                models={models}
                routes={routes}
                value={null}
                onChange={add}
                unavailableReason={unavailable}
                placeholder={t('routes.editor.addPlaceholder')}
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

      <div className="stack-sm">
        <label className="checkbox">
          <input
            type="checkbox"
            checked={form.shadow}
            onChange={(e) => patch({ shadow: e.target.checked })}
            aria-describedby={`${id}-shadow-hint`}
          />
          <span>{t('routes.editor.shadow')}</span>
        </label>
        <p id={`${id}-shadow-hint`} className="field-hint">
          <Trans
            i18nKey="routes.editor.shadowHint"
            values={{ model: 'claude-sonnet-4-5' }}
            components={{ model: <span className="mono" /> }}
          />
        </p>
        {catalogClash && !form.shadow ? (
          <Alert kind="warning" live={false}>
            <Trans
              i18nKey="routes.editor.clash"
              values={{ name: editedName }}
              components={{ name: <span className="mono" /> }}
            />
          </Alert>
        ) : null}
      </div>

      <div className="form-grid">
        <NumberField
          label={t('routes.editor.firstByte')}
          hint={t('routes.editor.firstByteHint')}
          error={errors.firstByteSeconds ?? null}
          placeholder={defaultWaitText(defaults, 'firstByteTimeoutMs')}
          value={form.firstByteSeconds}
          onChange={(value) => patch({ firstByteSeconds: value })}
        />
        <NumberField
          label={t('routes.editor.retryAfter')}
          hint={t('routes.editor.retryAfterHint')}
          error={errors.maxRetryAfterSeconds ?? null}
          placeholder={defaultWaitText(defaults, 'maxRetryAfterMs')}
          value={form.maxRetryAfterSeconds}
          onChange={(value) => patch({ maxRetryAfterSeconds: value })}
        />
      </div>

      {refusal ? (
        <Alert kind="error" title={t('routes.editor.notSaved')}>
          {refusal}
        </Alert>
      ) : null}
    </form>
  );
}
