import { describe, expect, it } from 'vitest';
import type { GatewayStatus, UpstreamHealth, UpstreamHealthState } from '../../shared/contract.ts';
import { formatCost } from '../../shared/format-cost.ts';
import { createMainI18n } from './main-i18n.ts';
import { trayModel, type TrayActions, type TrayState } from './tray-menu.ts';

const RUNNING: GatewayStatus = {
  running: true,
  url: 'http://127.0.0.1:8787',
  port: 8787,
  error: null,
  errorCode: null,
};

const health = (
  state: UpstreamHealthState,
  extra: Partial<UpstreamHealth> = {},
): UpstreamHealth => ({
  state,
  detail: null,
  httpStatus: null,
  retryAfterSeconds: null,
  baseUrl: 'https://upstream.example/v1',
  checkedAt: Date.UTC(2025, 0, 1, 10, 0, 0),
  ...extra,
});

/** The tray's actions, recording what a click did. */
function recorder() {
  const done: string[] = [];
  const actions: TrayActions = {
    open: () => done.push('open'),
    openSettingsAt: (target) => done.push(`settings:${target}`),
    recheck: () => done.push('recheck'),
    copyUrl: (url) => done.push(`copy:${url}`),
    quit: () => done.push('quit'),
  };
  return { done, actions };
}

const FORMAT = { cost: formatCost, time: (ms: number) => new Date(ms).toISOString().slice(11, 19) };

const ENGLISH = createMainI18n(() => ['en-US']).t;
const CHINESE = createMainI18n(() => ['zh-CN']).t;

function model(state: Partial<TrayState>, t = ENGLISH) {
  const { done, actions } = recorder();
  const built = trayModel(
    { gateway: RUNNING, upstream: null, rechecking: false, todayCostUsd: null, ...state },
    actions,
    FORMAT,
    t,
  );
  /** Each item as `label [disabled]`, separators as `—`. */
  const items = built.menu.map((item) =>
    item.type === 'separator'
      ? '—'
      : `${item.label ?? ''}${item.enabled === false ? ' [disabled]' : ''}`,
  );
  const click = (label: string): string[] => {
    const item = built.menu.find((entry) => entry.label === label);
    if (!item?.click) throw new Error(`no clickable item '${label}'`);
    item.click();
    return done.splice(0);
  };
  return { ...built, items, click };
}

const TAIL = ['—', 'Open Model Gateway', 'Copy gateway URL', '—', 'Quit'];

describe('the tray model', () => {
  it('all well: the gateway, the upstream reachable, the spend; green', () => {
    const tray = model({ upstream: health('ok', { httpStatus: 200 }), todayCostUsd: 0.0123 });
    expect(tray.items).toEqual([
      'Gateway running on http://127.0.0.1:8787 [disabled]',
      'Upstream reachable [disabled]',
      'Spent today: $0.0123 [disabled]',
      ...TAIL,
    ]);
    expect(tray.icon).toBe('running');
    expect(tray.toolTip).toBe(
      'Model Gateway — http://127.0.0.1:8787\nUpstream reachable\nSpent today: $0.0123',
    );
    expect(tray.click('Open Model Gateway')).toEqual(['open']);
    expect(tray.click('Copy gateway URL')).toEqual(['copy:http://127.0.0.1:8787']);
    expect(tray.click('Quit')).toEqual(['quit']);
  });

  it('before the first check and the first spend read: the gateway only', () => {
    const tray = model({});
    expect(tray.items).toEqual(['Gateway running on http://127.0.0.1:8787 [disabled]', ...TAIL]);
    expect(tray.toolTip).toBe('Model Gateway — http://127.0.0.1:8787');
    expect(tray.icon).toBe('running');
  });

  it('checking: says so, offers nothing to fix, stays green', () => {
    const tray = model({ upstream: health('checking', { checkedAt: null }), todayCostUsd: 0 });
    expect(tray.items.slice(0, 3)).toEqual([
      'Gateway running on http://127.0.0.1:8787 [disabled]',
      'Checking the upstream… [disabled]',
      'Spent today: $0.00 [disabled]',
    ]);
    expect(tray.icon).toBe('running');
  });

  it('key rejected: "Fix the key…" opens Settings at the key', () => {
    const tray = model({
      upstream: health('key_rejected', { httpStatus: 401, detail: 'Invalid API key' }),
      todayCostUsd: 2,
    });
    expect(tray.items).toEqual([
      'Gateway running on http://127.0.0.1:8787 [disabled]',
      'Key rejected [disabled]',
      'Spent today: $2.00 [disabled]',
      '—',
      'Fix the key…',
      ...TAIL,
    ]);
    expect(tray.icon).toBe('problem');
    expect(tray.toolTip).toBe(
      'Model Gateway — http://127.0.0.1:8787\nKey rejected\nSpent today: $2.00',
    );
    expect(tray.click('Fix the key…')).toEqual(['settings:key']);
  });

  it('no key: the same fix, worded as the header words it', () => {
    const tray = model({ upstream: health('not_configured', { baseUrl: null }) });
    expect(tray.items.slice(1, 4)).toEqual(['No upstream key [disabled]', '—', 'Fix the key…']);
    expect(tray.click('Fix the key…')).toEqual(['settings:key']);
  });

  it('unreachable: "Retry now" rechecks, "Open upstream settings…" opens them', () => {
    const tray = model({ upstream: health('unreachable', { detail: 'ECONNREFUSED' }) });
    expect(tray.items).toEqual([
      'Gateway running on http://127.0.0.1:8787 [disabled]',
      'Upstream unreachable [disabled]',
      '—',
      'Retry now',
      'Open upstream settings…',
      ...TAIL,
    ]);
    expect(tray.icon).toBe('problem');
    expect(tray.click('Retry now')).toEqual(['recheck']);
    expect(tray.click('Open upstream settings…')).toEqual(['settings:upstream']);
  });

  it('while a retry runs, "Retry now" is disabled', () => {
    const tray = model({ upstream: health('unreachable'), rechecking: true });
    expect(tray.items).toContain('Retry now [disabled]');
  });

  it('rate limited: when the limit resets, when the upstream said', () => {
    const limited = model({
      upstream: health('rate_limited', { httpStatus: 429, retryAfterSeconds: 90 }),
    });
    expect(limited.items.slice(0, 5)).toEqual([
      'Gateway running on http://127.0.0.1:8787 [disabled]',
      'Rate limited [disabled]',
      'Rate limit resets at 10:01:30 [disabled]',
      '—',
      'Retry now',
    ]);
    expect(limited.icon).toBe('problem');
    expect(limited.click('Retry now')).toEqual(['recheck']);

    const unsaid = model({ upstream: health('rate_limited', { httpStatus: 429 }) });
    expect(unsaid.items.some((item) => item.startsWith('Rate limit resets'))).toBe(false);
  });

  it('upstream failing: retry', () => {
    const tray = model({ upstream: health('upstream_error', { httpStatus: 503 }) });
    expect(tray.items.slice(1, 4)).toEqual(['Upstream failing [disabled]', '—', 'Retry now']);
  });

  it('gateway stopped: why, the way to its settings, no URL to copy; red', () => {
    const tray = model({
      gateway: {
        running: false,
        url: null,
        port: 8787,
        // The service's words; the menu words the reason from its code.
        error: 'listen EADDRINUSE: address already in use 127.0.0.1:8787',
        errorCode: 'port_in_use',
      },
      upstream: health('ok'),
      todayCostUsd: 0,
    });
    expect(tray.items).toEqual([
      'Gateway not running: Port 8787 is already in use by another program. [disabled]',
      'Upstream reachable [disabled]',
      'Spent today: $0.00 [disabled]',
      '—',
      'Open gateway settings…',
      '—',
      'Open Model Gateway',
      'Copy gateway URL [disabled]',
      '—',
      'Quit',
    ]);
    expect(tray.icon).toBe('stopped');
    expect(tray.toolTip.split('\n')[0]).toBe('Model Gateway — not running');
    expect(tray.click('Open gateway settings…')).toEqual(['settings:gateway']);
    expect(tray.click('Copy gateway URL')).toEqual([]);
  });

  it('gateway starting: no error yet, nothing to fix', () => {
    const tray = model({ gateway: { ...RUNNING, running: false, url: null } });
    expect(tray.items[0]).toBe('Gateway not running: starting… [disabled]');
    expect(tray.items).not.toContain('Open gateway settings…');
  });

  it('cuts a long reason to one line', () => {
    const tray = model({
      gateway: { ...RUNNING, running: false, url: null, error: 'x'.repeat(200), errorCode: null },
    });
    expect(tray.items[0]).toBe(`Gateway not running: ${'x'.repeat(79)}… [disabled]`);
  });
});

describe('the tray model in Chinese', () => {
  const ZH_TAIL = ['—', '打开 Model Gateway', '复制网关 URL', '—', '退出'];

  it('all well: every line in Chinese, the URL and amount as they are', () => {
    const tray = model({ upstream: health('ok'), todayCostUsd: 2 }, CHINESE);
    expect(tray.items).toEqual([
      '网关运行于 http://127.0.0.1:8787 [disabled]',
      '上游可访问 [disabled]',
      '今日花费：$2.00 [disabled]',
      ...ZH_TAIL,
    ]);
    expect(tray.toolTip).toBe('Model Gateway — http://127.0.0.1:8787\n上游可访问\n今日花费：$2.00');
    expect(tray.click('打开 Model Gateway')).toEqual(['open']);
    expect(tray.click('复制网关 URL')).toEqual(['copy:http://127.0.0.1:8787']);
    expect(tray.click('退出')).toEqual(['quit']);
  });

  it('key rejected and unreachable: the fixes, in Chinese, doing the same', () => {
    const rejected = model({ upstream: health('key_rejected', { httpStatus: 401 }) }, CHINESE);
    expect(rejected.items.slice(1, 4)).toEqual(['密钥被拒绝 [disabled]', '—', '修复密钥…']);
    expect(rejected.click('修复密钥…')).toEqual(['settings:key']);

    const down = model({ upstream: health('unreachable'), rechecking: true }, CHINESE);
    expect(down.items.slice(1, 5)).toEqual([
      '上游无法访问 [disabled]',
      '—',
      '立即重试 [disabled]',
      '打开上游设置…',
    ]);
    expect(down.click('打开上游设置…')).toEqual(['settings:upstream']);
  });

  it('rate limited, and a stopped gateway: the reset time, the reason, the way to settings', () => {
    const limited = model(
      { upstream: health('rate_limited', { httpStatus: 429, retryAfterSeconds: 90 }) },
      CHINESE,
    );
    expect(limited.items.slice(1, 3)).toEqual([
      '已被限速 [disabled]',
      '速率限制将于 10:01:30 解除 [disabled]',
    ]);

    const stopped = model(
      {
        gateway: { running: false, url: null, port: 8787, error: null, errorCode: null },
      },
      CHINESE,
    );
    expect(stopped.items[0]).toBe('网关未运行：正在启动… [disabled]');
    expect(stopped.toolTip).toBe('Model Gateway — 未运行');
    expect(stopped.items).toContain('复制网关 URL [disabled]');

    // Why it stopped, worded from the status's code, not the service's English.
    const taken = model(
      {
        gateway: {
          running: false,
          url: null,
          port: 8787,
          error: 'Port 8787 is already in use by another program.',
          errorCode: 'port_in_use',
        },
      },
      CHINESE,
    );
    expect(taken.items[0]).toBe('网关未运行：端口 8787 已被其他程序占用。 [disabled]');
    const failed = model(
      {
        gateway: {
          running: false,
          url: null,
          port: 8787,
          error: 'EACCES: permission denied',
          errorCode: 'failed',
        },
      },
      CHINESE,
    );
    expect(failed.items[0]).toBe('网关未运行：无法启动：EACCES: permission denied [disabled]');
  });
});
