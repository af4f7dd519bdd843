import { describe, expect, it } from 'vitest';
import en from '../src/i18n/locales/en.json' with { type: 'json' };
import {
  MAIN_ONLY_SECTIONS,
  PAGE_SECTIONS,
  SHELL_PART,
  type CatalogPart,
} from '../src/i18n/catalog-parts.ts';
import { catalogPart } from './ui-catalog-parts.ts';

describe('the catalog parts', () => {
  const parts: CatalogPart[] = [SHELL_PART, ...(Object.keys(PAGE_SECTIONS) as CatalogPart[])];

  it('hold every section of the catalog exactly once, but the main process’s own', () => {
    const sections = parts.flatMap((part) => Object.keys(catalogPart(en, part)));
    expect([...sections, ...MAIN_ONLY_SECTIONS].sort()).toEqual(Object.keys(en).sort());
  });

  it('give a page its own section only, and the shell the sections of no page', () => {
    expect(Object.keys(catalogPart(en, 'chat'))).toEqual(['chat']);
    expect(catalogPart(en, 'chat')['chat']).toBe(en.chat);
    const shell = Object.keys(catalogPart(en, SHELL_PART));
    expect(shell).toContain('common');
    for (const page of Object.keys(PAGE_SECTIONS)) expect(shell).not.toContain(page);
  });

  it('name a page section for every page the catalog has texts for', () => {
    for (const page of Object.keys(PAGE_SECTIONS)) expect(Object.keys(en)).toContain(page);
  });
});
