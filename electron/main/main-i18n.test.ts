import { describe, expect, it } from 'vitest';
import { createMainI18n } from './main-i18n.ts';

describe('createMainI18n', () => {
  it('starts in the system’s first language that has a catalog, Chinese of any region included', () => {
    expect(createMainI18n(() => ['de-DE', 'zh-TW', 'en-US']).language()).toBe('zh-CN');
    expect(createMainI18n(() => ['en-GB', 'zh-CN']).language()).toBe('en');
    expect(createMainI18n(() => ['fr-FR']).language()).toBe('en');
    expect(createMainI18n(() => []).t('tray.quit')).toBe('Quit');
  });

  it('switches at once to a chosen language, and back to the system’s', () => {
    let system = ['zh-Hans-CN'];
    const i18n = createMainI18n(() => system);
    const { t } = i18n;
    expect(t('tray.quit')).toBe('退出');
    expect(i18n.choose('en')).toBe('en');
    expect(t('tray.quit')).toBe('Quit');
    // 'system' asks the OS again: its language may have changed since the start.
    system = ['en-US'];
    expect(i18n.choose('system')).toBe('en');
    expect(i18n.choose('zh-CN')).toBe('zh-CN');
    expect(t('tray.spentToday', { cost: '$1.00' })).toBe('今日花费：$1.00');
  });

  it('leaves text as it is: menus and dialogs are not HTML', () => {
    const { t } = createMainI18n(() => ['en']);
    expect(t('tray.runningOn', { url: 'http://127.0.0.1:8787/<x>&y' })).toBe(
      'Gateway running on http://127.0.0.1:8787/<x>&y',
    );
  });
});
