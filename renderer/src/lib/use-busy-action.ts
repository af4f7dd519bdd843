import { useState } from 'react';
import { errorMessage } from '../api/index.ts';

export interface BusyAction {
  /** True while an action runs (buttons show a spinner and disable). */
  busy: boolean;
  /** The last action's failure, for an inline alert; null when the form reports by toast. */
  error: string | null;
  /** Runs `action`; its failure becomes `error` (or goes to `onError`) and yields undefined. */
  perform: <T>(action: () => Promise<T>) => Promise<T | undefined>;
}

/** The busy flag and error of a form's submit, the same in every form. */
export function useBusyAction(options: { onError?: (message: string) => void } = {}): BusyAction {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const perform = async <T>(action: () => Promise<T>): Promise<T | undefined> => {
    setBusy(true);
    setError(null);
    try {
      return await action();
    } catch (e) {
      const message = errorMessage(e);
      if (options.onError) options.onError(message);
      else setError(message);
      return undefined;
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, perform };
}
