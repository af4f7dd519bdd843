/**
 * The catalog sections that belong to one page, named as the page's folder is: each loads with
 * its page (a few KB each instead of the whole catalog on every first load). Every other section
 * (the shell's header, sidebar, notices, formats, shared components) loads at start.
 * `test/renderer/page-texts.test.ts` keeps a page's keys inside what the page loads, so no
 * text is asked for before its section has arrived.
 */
export const PAGE_SECTIONS = {
  chat: 'chat',
  models: 'models',
  routes: 'routes',
  tools: 'tools',
  usage: 'usage',
  logs: 'logs',
  settings: 'settings',
  firstRun: 'first-run',
} as const;

export type PageSection = keyof typeof PAGE_SECTIONS;

/** The part of the catalog everything outside the pages reads. */
export const SHELL_PART = 'shell';

/**
 * Sections only the main process reads (the tray, the application menu, native dialogs): the
 * renderer never loads them.
 */
export const MAIN_ONLY_SECTIONS: readonly string[] = ['tray', 'menu', 'dialogs'];

const MAIN_PART = 'main';

export type CatalogPart = PageSection | typeof SHELL_PART;

export const isPageSection = (name: string): name is PageSection =>
  Object.hasOwn(PAGE_SECTIONS, name);

/** Which part a section is loaded with; `main` for one the renderer never loads. */
export const partOf = (section: string): CatalogPart | typeof MAIN_PART => {
  if (isPageSection(section)) return section;
  return MAIN_ONLY_SECTIONS.includes(section) ? MAIN_PART : SHELL_PART;
};
