import { startTransition, useEffect, useState } from 'react';
import { pageFromHash, type PageId } from './routes.ts';

// The hash is the router: it survives reloads, works from file:// in Electron, and lets tests
// open a page directly.
function currentPage(): PageId {
  return pageFromHash(window.location.hash);
}

/**
 * The page the hash names. Going to another page is a transition: React renders it in slices,
 * yielding to the browser between them, while the page left stays on screen (and interactive)
 * until the new one is ready, its chunk loaded included. Rendered in one go, Settings and Logs
 * each took one task of 50–70 ms to open (`npm run bench:ui`).
 */
export function usePage(): PageId {
  const [page, setPage] = useState(currentPage);
  useEffect(() => {
    const onChange = () => startTransition(() => setPage(currentPage()));
    window.addEventListener('hashchange', onChange);
    // The hash may have changed between the first render and this effect.
    onChange();
    return () => window.removeEventListener('hashchange', onChange);
  }, []);
  return page;
}
