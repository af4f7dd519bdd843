import type { AppSettings } from '../../../shared/contract.ts';

/**
 * The settings a new install has, for tests that need a whole AppSettings: one place to add a
 * setting to. (The settings service's own test spells them out: they are what it asserts.)
 */
export const defaultAppSettings = (): AppSettings => ({
  port: 8787,
  captureBodies: false,
  allowedOrigins: [],
  retentionDays: 90,
  theme: 'system',
  autoUpdate: true,
  language: 'system',
  clientsWithoutToken: [],
});
