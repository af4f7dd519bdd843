import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UpstreamProfile } from '../../../../shared/contract.ts';
import { errorMessage, getApi } from '../../api/index.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { Field } from '../../components/Field.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { useAppStore } from '../../stores/app-store.ts';
import { toast } from '../../stores/toast-store.ts';
import { ConnectionTestPanel } from './ConnectionTestPanel.tsx';
import { KeyForm } from './KeyForm.tsx';
import { ProfileForm } from './ProfileForm.tsx';

const NEW = '__new__';

/** The upstream: which profile, its URLs, its key, and whether it answers. */
export function UpstreamSection() {
  const { t } = useTranslation();
  const profiles = useAppStore((s) => s.profiles);
  const activeProfile = useAppStore((s) => s.status?.activeProfile ?? null);
  const setStatus = useAppStore((s) => s.setStatus);
  const loadProfiles = useAppStore((s) => s.loadProfiles);
  const [selectedId, setSelectedId] = useState<string>(activeProfile?.id ?? profiles[0]?.id ?? NEW);
  const [confirmDelete, setConfirmDelete] = useState(false);

  const selected = profiles.find((p) => p.id === selectedId) ?? null;
  const isActive = selected !== null && selected.id === activeProfile?.id;

  const activate = async (id: string) => {
    try {
      setStatus(await getApi().call('profiles.activate', { id }));
      await loadProfiles();
      toast.success(t('settings.upstream.activated'));
    } catch (e) {
      toast.error(errorMessage(e));
    }
  };

  const onSaved = async (profile: UpstreamProfile) => {
    // A first profile becomes the active one: there is nothing else to use.
    if (!activeProfile) setStatus(await getApi().call('profiles.activate', { id: profile.id }));
    await loadProfiles();
    setSelectedId(profile.id);
  };

  return (
    <SectionCard
      id="upstream"
      title={t('settings.upstream.title')}
      description={t('settings.upstream.description')}
    >
      <div className="stack">
        <div className="row profile-picker">
          {profiles.length > 0 ? (
            <Field label={t('settings.upstream.profile')} className="grow">
              {(p) => (
                <select
                  {...p}
                  className="select"
                  value={selectedId}
                  onChange={(e) => setSelectedId(e.target.value)}
                >
                  {profiles.map((profile) => (
                    <option key={profile.id} value={profile.id}>
                      {profile.id === activeProfile?.id
                        ? t('settings.upstream.activeOption', { name: profile.name })
                        : profile.name}
                    </option>
                  ))}
                  {selectedId === NEW ? (
                    <option value={NEW}>{t('settings.upstream.newProfile')}</option>
                  ) : null}
                </select>
              )}
            </Field>
          ) : null}
          <div className="row picker-actions">
            {selected && !isActive ? (
              <button type="button" className="btn" onClick={() => void activate(selected.id)}>
                {t('settings.upstream.use')}
              </button>
            ) : null}
            {selected && !isActive ? (
              <button
                type="button"
                className="btn btn-danger-ghost"
                onClick={() => setConfirmDelete(true)}
              >
                {t('settings.upstream.delete')}
              </button>
            ) : null}
            {profiles.length > 0 && selectedId !== NEW ? (
              <button type="button" className="btn btn-ghost" onClick={() => setSelectedId(NEW)}>
                <Plus size={14} aria-hidden="true" />
                {t('settings.upstream.newProfile')}
              </button>
            ) : null}
          </div>
        </div>

        {/* Keyed so switching profiles resets the form to that profile's values. */}
        <ProfileForm key={selectedId} profile={selected} onSaved={onSaved} />

        <hr className="divider" />
        <h3>{t('settings.upstream.key')}</h3>
        {selected && !isActive ? (
          <p className="muted">{t('settings.upstream.keyOfActive')}</p>
        ) : (
          <KeyForm profileId={activeProfile?.id ?? null} />
        )}

        <hr className="divider" />
        <h3>{t('settings.upstream.connection')}</h3>
        <ConnectionTestPanel profileId={selected?.id ?? null} />
      </div>
      <ConfirmDialog
        open={confirmDelete}
        title={t('settings.upstream.deleteTitle', { name: selected?.name ?? '' })}
        confirmLabel={t('settings.upstream.delete')}
        danger
        onClose={() => setConfirmDelete(false)}
        onConfirm={async () => {
          if (!selected) return;
          await getApi().call('profiles.delete', { id: selected.id });
          await loadProfiles();
          setSelectedId(activeProfile?.id ?? NEW);
          toast.success(t('settings.upstream.deleted'));
        }}
      >
        {t('settings.upstream.deleteBody')}
      </ConfirmDialog>
    </SectionCard>
  );
}
