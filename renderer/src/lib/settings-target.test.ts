import { describe, expect, it } from 'vitest';
import { pageFromHash } from './routes.ts';
import { hashForSettings, settingsTargetFromHash } from './settings-target.ts';

describe('settings targets', () => {
  it('round-trips through the hash, which still opens Settings', () => {
    expect(hashForSettings('key')).toBe('#/settings/key');
    expect(settingsTargetFromHash('#/settings/key')).toBe('key');
    expect(pageFromHash(hashForSettings('gateway'))).toBe('settings');
  });

  it('is null for other hashes and unknown targets', () => {
    expect(settingsTargetFromHash('#/settings')).toBeNull();
    expect(settingsTargetFromHash('#/settings/nope')).toBeNull();
    expect(settingsTargetFromHash('#/chat/key')).toBeNull();
  });
});
