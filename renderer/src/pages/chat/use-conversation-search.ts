import { useEffect, useState } from 'react';
import { errorMessage, getApi } from '../../api/index.ts';

const DEBOUNCE_MS = 200;

export interface ConversationSearch {
  /** Ids of the matching conversations; null when there is no query (show them all). */
  matches: ReadonlySet<string> | null;
  error: string | null;
}

/**
 * Asks the app which conversations contain the query (titles and message text, which the list
 * does not hold), once typing pauses. `revision` re-asks when the conversations change.
 */
export function useConversationSearch(query: string, revision: unknown): ConversationSearch {
  const [result, setResult] = useState<ConversationSearch>({ matches: null, error: null });
  const trimmed = query.trim();

  useEffect(() => {
    if (!trimmed) {
      setResult({ matches: null, error: null });
      return;
    }
    let current = true;
    const timer = setTimeout(() => {
      getApi()
        .call('chat.search', { query: trimmed })
        .then((found) => {
          if (current) setResult({ matches: new Set(found.map((c) => c.id)), error: null });
        })
        .catch((error: unknown) => {
          if (current) setResult({ matches: null, error: errorMessage(error) });
        });
    }, DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [trimmed, revision]);

  return trimmed ? result : { matches: null, error: null };
}
