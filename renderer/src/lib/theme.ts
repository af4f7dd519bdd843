import type { AppSettings } from '../../../shared/contract.ts';

export type ThemeChoice = AppSettings['theme'];

const STORAGE_KEY = 'model-gateway.theme';

function isTheme(value: unknown): value is ThemeChoice {
  return value === 'system' || value === 'light' || value === 'dark';
}

/**
 * Sets the theme on <html>: `data-theme` forces light or dark; without it the CSS follows
 * `prefers-color-scheme`. The choice is also kept locally so the next start paints in it
 * before the settings have loaded.
 */
export function applyTheme(choice: ThemeChoice): void {
  const root = document.documentElement;
  if (choice === 'system') delete root.dataset.theme;
  else root.dataset.theme = choice;
  try {
    localStorage.setItem(STORAGE_KEY, choice);
  } catch {
    // Storage can be unavailable (private modes); the theme still applies for this session.
  }
}

export function storedTheme(): ThemeChoice {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return isTheme(value) ? value : 'system';
  } catch {
    return 'system';
  }
}
