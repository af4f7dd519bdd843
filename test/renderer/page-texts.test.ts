import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  isPageSection,
  MAIN_ONLY_SECTIONS,
  type PageSection,
} from '../../renderer/src/i18n/catalog-parts.ts';
import en from '../../renderer/src/i18n/locales/en.json' with { type: 'json' };

/**
 * A page's own catalog section loads with the page (`withPageTexts`), the rest at start. A text
 * read before its section has arrived would show its key, so this follows the imports: the
 * modules a page's entry reaches read only the sections its `withPageTexts` names (besides the
 * shell's), and the modules reachable from `main.tsx` without passing a page's entry read none
 * of the pages' sections.
 */

const ROOT = resolve(import.meta.dirname, '../..');
const SRC = resolve(ROOT, 'renderer/src');

type Catalog = { [key: string]: string | Catalog };

const PLURAL = /_(zero|one|two|few|many|other)$/;

function keysOf(catalog: Catalog, prefix = ''): string[] {
  return Object.entries(catalog).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'string' ? [path.replace(PLURAL, '')] : keysOf(value, path);
  });
}

const KEYS = new Set(keysOf(en));

/** The page sections a module's text names: whole keys, or the fixed start of a built key. */
function pageSectionsRead(source: string): Set<PageSection> {
  const sections = new Set<PageSection>();
  const note = (key: string) => {
    const section = key.slice(0, key.indexOf('.'));
    if (isPageSection(section)) sections.add(section);
  };
  for (const [, key = ''] of source.matchAll(/['"`]([A-Za-z][\w-]*(?:\.[\w-]+)+)['"`]/g)) {
    if (KEYS.has(key)) note(key);
  }
  for (const [, start = ''] of source.matchAll(/`([A-Za-z][\w-]*(?:\.[\w-]+)*\.)\$\{/g)) {
    if ([...KEYS].some((key) => key.startsWith(start))) note(start);
  }
  return sections;
}

function resolveImport(from: string, specifier: string): string | null {
  const path = resolve(dirname(from), specifier);
  for (const candidate of [path, `${path}.ts`, `${path}.tsx`]) {
    if (/\.tsx?$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  return null;
}

interface Edges {
  fixed: string[];
  lazy: string[];
}

function importsOf(file: string): Edges {
  const source = readFileSync(file, 'utf8');
  const fixed = [...source.matchAll(/(?:from|import)\s+['"](\.[^'"]+)['"]/g)];
  const lazy = [...source.matchAll(/import\(\s*['"](\.[^'"]+)['"]\s*\)/g)];
  const resolved = (matches: RegExpMatchArray[]) =>
    matches.flatMap(([, specifier = '']) => resolveImport(file, specifier) ?? []);
  return { fixed: resolved(fixed), lazy: resolved(lazy) };
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Every `withPageTexts(sections, () => import('./page'))` in the renderer. */
function pageEntries(): Map<string, PageSection[]> {
  const entries = new Map<string, PageSection[]>();
  const call = /withPageTexts\(\s*(\[[^\]]*\]|'[^']*')\s*,\s*\(\)\s*=>\s*import\('([^']+)'\)/g;
  for (const file of sourceFiles(SRC)) {
    for (const [, list = '', specifier = ''] of readFileSync(file, 'utf8').matchAll(call)) {
      const entry = resolveImport(file, specifier);
      if (!entry) throw new Error(`${file}: cannot resolve ${specifier}`);
      const sections = [...list.matchAll(/'([^']+)'/g)].map(([, name = '']) => name);
      entries.set(entry, sections.filter(isPageSection));
    }
  }
  return entries;
}

/** What the modules reachable from `start` read, not passing into another page's entry. */
function sectionsReached(start: string, stops: Set<string>): Map<string, Set<PageSection>> {
  const reads = new Map<string, Set<PageSection>>();
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (reads.has(file)) continue;
    reads.set(file, pageSectionsRead(readFileSync(file, 'utf8')));
    const { fixed, lazy } = importsOf(file);
    for (const next of [...fixed, ...lazy]) if (!stops.has(next)) queue.push(next);
  }
  return reads;
}

const offending = (reads: Map<string, Set<PageSection>>, allowed: readonly PageSection[]) =>
  [...reads]
    .flatMap(([file, sections]) =>
      [...sections].filter((s) => !allowed.includes(s)).map((s) => `${relative(ROOT, file)}: ${s}`),
    )
    .sort();

describe('the catalog sections a page loads', () => {
  const entries = pageEntries();

  it('are declared for every page and the first run', () => {
    const names = [...entries.keys()].map((file) => relative(SRC, file)).sort();
    expect(names).toEqual([
      'pages/chat/ChatPage.tsx',
      'pages/first-run/FirstRunFlow.tsx',
      'pages/logs/LogsPage.tsx',
      'pages/models/ModelsPage.tsx',
      'pages/routes/RoutesPage.tsx',
      'pages/settings/SettingsPage.tsx',
      'pages/tools/ToolsPage.tsx',
      'pages/usage/UsagePage.tsx',
    ]);
  });

  it('cover every page section a page’s modules read', () => {
    const stops = new Set(entries.keys());
    for (const [entry, sections] of entries) {
      const others = new Set([...stops].filter((file) => file !== entry));
      expect(offending(sectionsReached(entry, others), sections), relative(SRC, entry)).toEqual([]);
    }
  });

  it('are not needed by anything outside the pages', () => {
    const reads = sectionsReached(join(SRC, 'main.tsx'), new Set(entries.keys()));
    // The walk itself must reach the shell (App, stores, components) to mean anything.
    expect(reads.has(join(SRC, 'components/Shell.tsx'))).toBe(true);
    expect(offending(reads, [])).toEqual([]);
  });

  it('leave out the main process’s own sections, which no renderer module reads', () => {
    const read = sourceFiles(SRC).filter((file) => {
      const source = readFileSync(file, 'utf8');
      return [...source.matchAll(/['"`]([A-Za-z][\w-]*(?:\.[\w-]+)+)['"`]/g)].some(
        ([, key = '']) => KEYS.has(key) && MAIN_ONLY_SECTIONS.includes(key.split('.')[0] ?? ''),
      );
    });
    expect(read.map((file) => relative(ROOT, file))).toEqual([]);
  });

  it('finds a page section read where it does not load', () => {
    expect([...pageSectionsRead("t('chat.newConversation')")]).toEqual(['chat']);
    expect([...pageSectionsRead('t(`logs.status.${status}`)')]).toEqual(['logs']);
    expect([...pageSectionsRead("call('chat.list')")]).toEqual([]);
  });
});
