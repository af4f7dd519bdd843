import type { TestProject } from 'vitest/node';
import { startKeychainSession } from './keychain-session.ts';

/**
 * Vitest global setup: one private Secret Service session for the whole run. Test files read it
 * with `inject('keychainEnv')` (see keychain-session.ts); it stops when the run ends.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const session = await startKeychainSession();
  if ('unavailable' in session) {
    project.provide('keychainEnv', { unavailable: session.unavailable });
    return async () => {};
  }
  project.provide('keychainEnv', { env: session.env });
  return () => session.stop();
}
