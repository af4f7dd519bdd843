import type { SettingsTarget } from '../../../shared/contract.ts';
import { hashFor } from './routes.ts';

export type { SettingsTarget };

const TARGETS: readonly SettingsTarget[] = ['key', 'upstream', 'gateway'];

/** `#/settings/key` → `key`; null for any other hash. */
export function settingsTargetFromHash(hash: string): SettingsTarget | null {
  const match = /^#\/?settings\/([a-z]+)/.exec(hash);
  const target = match?.[1] ?? '';
  return (TARGETS as readonly string[]).includes(target) ? (target as SettingsTarget) : null;
}

export const hashForSettings = (target: SettingsTarget): string =>
  `${hashFor('settings')}/${target}`;

/** Opens Settings with the focus on `target` (the page reads it from the hash). */
export function openSettingsAt(target: SettingsTarget): void {
  window.location.hash = hashForSettings(target);
}
