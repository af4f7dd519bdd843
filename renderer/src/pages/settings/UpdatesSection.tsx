import { useEffect } from 'react';
import type { UpdateStatus } from '../../../../shared/contract.ts';
import { SectionCard } from '../../components/SectionCard.tsx';
import { formatDateTime } from '../../format/time.ts';
import { useAppStore } from '../../stores/app-store.ts';
import { useUpdatesStore } from '../../stores/updates-store.ts';

/** The app's own updates: the switch, where they stand, and the one action that fits. */
export function UpdatesSection() {
  const autoUpdate = useAppStore((s) => s.settings?.autoUpdate);
  const { status, error, busy, load, check, setEnabled, restart } = useUpdatesStore();
  useEffect(() => void load(), [load]);
  if (autoUpdate === undefined) return null;

  return (
    <SectionCard
      id="updates"
      title="Updates"
      description="New releases of this app, from the project's releases on GitHub."
    >
      <div className="stack">
        <div className="stack-sm">
          <label className="checkbox">
            <input
              type="checkbox"
              checked={autoUpdate}
              disabled={busy}
              aria-describedby="updates-hint"
              onChange={(e) => void setEnabled(e.target.checked)}
            />
            <span>Check for updates automatically</span>
          </label>
          <span className="field-hint checkbox-hint" id="updates-hint">
            On start and once a day. A new version downloads in the background and is installed only
            when you choose Restart to update.
          </span>
        </div>
        <div className="row" role="status">
          <span>{status ? describe(status) : 'Reading the update status…'}</span>
        </div>
        {error ? (
          <p className="field-error" role="alert">
            {error}
          </p>
        ) : null}
        {status ? (
          <UpdateAction status={status} busy={busy} check={check} restart={restart} />
        ) : null}
      </div>
    </SectionCard>
  );
}

function UpdateAction(props: {
  status: UpdateStatus;
  busy: boolean;
  check: () => Promise<void>;
  restart: () => Promise<void>;
}) {
  const { status, busy } = props;
  if (status.state === 'ready')
    return (
      <div className="row">
        <button
          type="button"
          className="btn btn-primary"
          disabled={busy}
          onClick={() => void props.restart()}
        >
          Restart to update
        </button>
      </div>
    );
  if (status.state === 'idle' || status.state === 'error')
    return (
      <div className="row">
        <button type="button" className="btn" disabled={busy} onClick={() => void props.check()}>
          {status.state === 'error' ? 'Try again' : 'Check now'}
        </button>
      </div>
    );
  return null;
}

function describe(status: UpdateStatus): string {
  switch (status.state) {
    case 'unavailable':
      return status.reason === 'headless'
        ? 'Updates are not available in this mode: the headless app never updates itself. Update it with the package manager or git checkout you run it from.'
        : 'Updates are not available in this mode: this app runs from its sources, not an installed release. Update it with the package manager or git checkout you run it from.';
    case 'disabled':
      return 'Automatic updates are off.';
    case 'idle':
      return status.checkedAt === null
        ? 'Not checked yet.'
        : `Up to date. Last checked ${formatDateTime(status.checkedAt)}.`;
    case 'checking':
      return 'Checking for updates…';
    case 'downloading':
      return `Downloading version ${status.version}: ${status.percent} %`;
    case 'ready':
      return `Version ${status.version} is downloaded and verified.`;
    case 'error':
      return status.message;
  }
}
