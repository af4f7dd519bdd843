import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import { PAGE_SECTIONS, partOf, SHELL_PART, type CatalogPart } from '../src/i18n/catalog-parts.ts';
import { LANGUAGES } from '../../shared/ui-languages.ts';

type Catalog = Record<string, unknown>;

// Resolved from the project's root, as the build config's other paths are (the config is bundled
// before it runs, so the file's own location is not where it ran from).
const LOCALES = resolve('renderer/src/i18n/locales');
/** The module the renderer imports: the parts' loaders and the shell's section names. */
const INDEX_ID = 'virtual:ui-catalogs';
/** One part of one language's catalog, `virtual:ui-catalog/<part>-<language>` (its chunk's name). */
const PART_PREFIX = 'virtual:ui-catalog/';

/** The sections of `catalog` that load with `part`. */
export function catalogPart(catalog: Catalog, part: CatalogPart): Catalog {
  return Object.fromEntries(
    Object.entries(catalog).filter(([section]) => partOf(section) === part),
  );
}

const readCatalog = (language: string): Catalog =>
  JSON.parse(readFileSync(resolve(LOCALES, `${language}.json`), 'utf8')) as Catalog;

/**
 * Splits the UI catalogs (one file per language, which the lint check, the types and the main
 * process read whole) into a chunk per page and one for the shell, so a page's first load
 * carries its own texts and the shell's, not every page's.
 */
export function uiCatalogParts(): Plugin {
  const parts: CatalogPart[] = [SHELL_PART, ...(Object.keys(PAGE_SECTIONS) as CatalogPart[])];
  return {
    name: 'ui-catalog-parts',
    resolveId: (id) => (id === INDEX_ID || id.startsWith(PART_PREFIX) ? `\0${id}` : null),
    load(id) {
      if (id === `\0${INDEX_ID}`) {
        const english = readCatalog('en');
        const shellSections = Object.keys(catalogPart(english, SHELL_PART));
        // Literal import paths, one per part and language: the bundler splits on them.
        const loaders = LANGUAGES.map(
          (language) =>
            `${JSON.stringify(language)}: {${parts
              .map(
                (part) =>
                  `${part}: () => import(${JSON.stringify(`${PART_PREFIX}${part}-${language}`)})`,
              )
              .join(', ')}}`,
        );
        return [
          `export const shellSections = ${JSON.stringify(shellSections)};`,
          `const loaders = {${loaders.join(', ')}};`,
          'export const loadCatalogPart = (language, part) => loaders[language][part]().then((m) => m.default);',
        ].join('\n');
      }
      if (!id.startsWith(`\0${PART_PREFIX}`)) return null;
      const name = id.slice(PART_PREFIX.length + 1);
      // Part names have no hyphen; language tags may (zh-CN).
      const part = name.slice(0, name.indexOf('-'));
      const language = name.slice(name.indexOf('-') + 1);
      const file = resolve(LOCALES, `${language}.json`);
      this.addWatchFile(file);
      const picked = catalogPart(readCatalog(language), part as CatalogPart);
      // JSON.parse of a string literal parses faster than the same object as code.
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(picked))});`;
    },
  };
}
