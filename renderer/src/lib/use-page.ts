import { useSyncExternalStore } from 'react';
import { pageFromHash, type PageId } from './routes.ts';

// The hash is the router: it survives reloads, works from file:// in Electron, and lets tests
// open a page directly.
function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
}

export function usePage(): PageId {
  return useSyncExternalStore(subscribe, () => pageFromHash(window.location.hash));
}
