import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useToastStore } from '../stores/toast-store.ts';

vi.mock('../api/index.ts', async (original) => ({
  ...(await original<Record<string, unknown>>()),
  getApi: () => ({ call: vi.fn().mockResolvedValue([]) }),
}));

// The unit tests run without a DOM: the hash router's window is a stand-in.
vi.stubGlobal('window', { location: { hash: '#/chat' } });
vi.stubGlobal('sessionStorage', { getItem: () => null, setItem: () => {} });

const { noticeBudget, noticeFallback } = await import('./notices.ts');
const { useLogsStore } = await import('../stores/logs-store.ts');
const { useLimitsStore } = await import('../stores/limits-store.ts');

const fallback = {
  requestId: 'req_1',
  modelRoute: 'coding',
  asked: 'coding',
  servedModel: 'sim-chat',
  attempts: [
    { model: 'sim-anthropic', status: 429, outcome: 'rate_limited', message: null, latencyMs: 3 },
    { model: 'sim-chat', status: 200, outcome: 'answered', message: null, latencyMs: 9 },
  ],
};

describe('the notices', () => {
  beforeEach(() => useToastStore.setState({ toasts: [] }));

  it('tell a fallback once, with the way to its log entry', () => {
    noticeFallback(fallback);
    noticeFallback(fallback);
    const toasts = useToastStore.getState().toasts;
    expect(toasts).toHaveLength(1);
    expect(toasts[0]).toMatchObject({
      kind: 'info',
      text: "Route 'coding' fell back: sim-anthropic answered 429 (rate limited); sim-chat answered.",
      action: { label: 'Open the log entry' },
    });
    toasts[0]?.action?.run();
    expect(window.location.hash).toBe('#/logs');
    expect(useLogsStore.getState().selectedRequestId).toBe('req_1');
  });

  it('remember the last few hundred fallbacks told, not every one of a long session', () => {
    const count = () => useToastStore.getState().toasts.length;
    for (let i = 0; i < 2000; i += 1) noticeFallback({ ...fallback, requestId: `req_many_${i}` });
    useToastStore.setState({ toasts: [] });
    noticeFallback({ ...fallback, requestId: 'req_many_1999' });
    expect(count()).toBe(0);
    noticeFallback({ ...fallback, requestId: 'req_many_0' });
    expect(count()).toBe(1);
  });

  it('tell a budget alert and bring the budget bars up to date at once', () => {
    const resetsAt = Date.now() + 3_600_000;
    noticeBudget({
      tokenId: 't1',
      tokenName: 'codex',
      period: 'day',
      limitUsd: 5,
      spentUsd: 5.01,
      reservedUsd: 0,
      startsAt: 0,
      resetsAt,
      thenRoute: 'cheap',
      level: 'spent',
    });
    expect(useToastStore.getState().toasts[0]?.text).toMatch(
      /^Token 'codex' has spent its daily budget \(\$5\.01 of \$5\.00\); requests go to route 'cheap' until \d\d:\d\d\.$/,
    );
    expect(useLimitsStore.getState().budgets).toMatchObject([{ tokenId: 't1', spentUsd: 5.01 }]);
  });
});
