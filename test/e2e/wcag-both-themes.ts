import type { Page } from 'playwright-core';
import { seriousWcagViolations } from './axe-wcag.ts';

const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

/** Forces the theme as the app does (`data-theme` on <html>) and as the system would. */
export async function useTheme(page: Page, theme: Theme): Promise<void> {
  await page.emulateMedia({ colorScheme: theme });
  await page.evaluate((t) => (document.documentElement.dataset.theme = t), theme);
  // Buttons fade their colours (0.12 s): read them once the fade is over.
  await page.waitForTimeout(300);
}

/**
 * axe-core's WCAG 2.1 A/AA rules on the page as it is, in the light theme and then the dark
 * one; the page is left in the light theme, as the other steps of a test expect.
 */
export async function wcagViolationsInBothThemes(page: Page): Promise<string[]> {
  const found: string[] = [];
  for (const theme of THEMES) {
    await useTheme(page, theme);
    found.push(...(await seriousWcagViolations(page)).map((v) => `${theme}: ${v}`));
  }
  await useTheme(page, 'light');
  return found;
}
