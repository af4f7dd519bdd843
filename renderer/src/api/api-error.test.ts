import { afterEach, describe, expect, it } from 'vitest';
import type { AppErrorBody } from '../../../shared/contract.ts';
import { errorText } from '../../../shared/error-text.ts';
import { i18n } from '../i18n/i18n.ts';
import zh from '../i18n/locales/zh-CN.json' with { type: 'json' };
import { ApiError, errorMessage } from './api-error.ts';

const busy = (): ApiError =>
  new ApiError('conflict', 'English from the app.', undefined, errorText('chat.errors.busy'));

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('errorMessage', () => {
  it('words an error the app named in the catalog, with its values', () => {
    expect(errorMessage(busy())).toBe(
      'An answer is still being written in this conversation. Stop it first.',
    );
    const loop = new ApiError(
      'bad_request',
      'x',
      400,
      errorText('routes.errors.loop', { name: 'fast', path: 'fast → slow → fast' }),
    );
    expect(errorMessage(loop)).toBe("Route 'fast' would loop: fast → slow → fast.");
  });

  it('says it in the UI’s language', async () => {
    i18n.addResourceBundle('zh-CN', 'translation', zh);
    await i18n.changeLanguage('zh-CN');
    expect(errorMessage(busy())).toBe('此对话中仍有回答正在生成。请先停止它。');
    const revoked = ApiError.fromBody({
      error: {
        code: 'bad_request',
        message: "Route 'r' is part of routes 'a', 'b'; take it out of them first.",
        i18n: errorText('routes.errors.inUseByRoutes', { name: 'r', routes: "'a', 'b'", count: 2 }),
      },
    });
    expect(errorMessage(revoked)).toBe("路由“r”是路由 'a', 'b' 的一部分；请先将其从中移除。");
  });

  it('keeps the message of an error without a catalog text, or with one this UI lacks', () => {
    expect(errorMessage(new ApiError('upstream_error', 'Your balance is low.'))).toBe(
      'Your balance is low.',
    );
    expect(errorMessage(new Error('plain'))).toBe('plain');
    expect(errorMessage('text')).toBe('text');
    // A key from a newer main process than this page's catalog: its English message is shown.
    const newer = ApiError.fromBody(
      JSON.parse(
        '{"error":{"code":"x","message":"From a newer app.","i18n":{"key":"errors.app.later"}}}',
      ) as AppErrorBody,
    );
    expect(errorMessage(newer)).toBe('From a newer app.');
  });
});
