import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { serveApp, type AppHandler } from './serve-app.ts';

const request = (host: string | undefined) =>
  ({ url: '/index.html', headers: host === undefined ? {} : { host } }) as IncomingMessage;

function response(headersSent = false) {
  const sent = { status: 0, body: undefined as unknown, destroyed: false };
  const res = {
    headersSent,
    writeHead(status: number) {
      sent.status = status;
    },
    end(payload: string) {
      sent.body = JSON.parse(payload);
    },
    destroy() {
      sent.destroyed = true;
    },
  } as unknown as ServerResponse;
  return { res, sent };
}

const none = new Set<string>();
const answers: AppHandler = () => Promise.resolve(true);

describe('serveApp', () => {
  it('hands a loopback request to the app, and says whether the app answered', async () => {
    expect(await serveApp(request('localhost:1'), response().res, answers, none, () => {})).toBe(
      true,
    );
    const declines: AppHandler = () => Promise.resolve(false);
    expect(await serveApp(request('127.0.0.1'), response().res, declines, none, () => {})).toBe(
      false,
    );
  });

  it('refuses a missing or foreign Host before the app sees it', async () => {
    let called = false;
    const app: AppHandler = () => {
      called = true;
      return Promise.resolve(true);
    };
    const missing = response();
    expect(await serveApp(request(undefined), missing.res, app, none, () => {})).toBe(true);
    expect(missing.sent).toMatchObject({ status: 400, body: { error: { code: 'missing_host' } } });
    const foreign = response();
    await serveApp(request('evil.example'), foreign.res, app, none, () => {});
    expect(foreign.sent).toMatchObject({
      status: 403,
      body: {
        error: {
          code: 'host_not_allowed',
          message: 'Host not allowed: the app answers loopback names only.',
        },
      },
    });
    expect(called).toBe(false);
    await serveApp(request('box.lan'), response().res, app, new Set(['box.lan']), () => {});
    expect(called).toBe(true);
  });

  it("answers the app's own failure with a 500, or cuts an answer under way, and logs it", async () => {
    const lines: string[] = [];
    const fails: AppHandler = () => Promise.reject(new Error('disk gone'));
    const before = response();
    expect(
      await serveApp(request('localhost'), before.res, fails, none, (l) => lines.push(l)),
    ).toBe(true);
    expect(before.sent).toMatchObject({ status: 500, body: { error: { code: 'internal_error' } } });
    const during = response(true);
    await serveApp(request('localhost'), during.res, fails, none, (l) => lines.push(l));
    expect(during.sent.destroyed).toBe(true);
    expect(lines[0]).toBe('app handler failed on /index.html: disk gone');
  });
});
