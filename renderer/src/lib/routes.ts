export type PageId = 'chat' | 'models' | 'routes' | 'tools' | 'usage' | 'logs' | 'settings';

const PAGE_IDS: readonly PageId[] = [
  'chat',
  'models',
  'routes',
  'tools',
  'usage',
  'logs',
  'settings',
];

/** The page a location hash names (`#/logs`); unknown or empty hashes open Chat. */
export function pageFromHash(hash: string): PageId {
  const id = hash.replace(/^#\/?/, '').split(/[/?]/)[0] ?? '';
  return (PAGE_IDS as readonly string[]).includes(id) ? (id as PageId) : 'chat';
}

export function hashFor(page: PageId): string {
  return `#/${page}`;
}
