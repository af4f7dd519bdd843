import { describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '../../shared/contract.ts';
import { failedUpstream, nudgeOnFailures } from './upstream-health-triggers.ts';

const message = (error: string | null) => ({ error }) as ChatMessage;

describe('nudgeOnFailures', () => {
  it('nudges for a chat answer that failed, not for one that worked', () => {
    const nudge = vi.fn();
    const listen = nudgeOnFailures(nudge);
    listen('chat.done', { conversationId: 'c', message: message(null) });
    expect(nudge).not.toHaveBeenCalled();
    listen('chat.done', { conversationId: 'c', message: message('Cannot reach the upstream') });
    expect(nudge).toHaveBeenCalledTimes(1);
  });

  it('nudges for logged requests that failed upstream, not for a client’s own mistakes', () => {
    const nudge = vi.fn();
    const listen = nudgeOnFailures(nudge);
    listen('logs.appended', [{ status: 400, errorKind: 'invalid_request' }]);
    listen('logs.appended', [{ status: 401, errorKind: 'invalid_token' }]);
    listen('gateway.status', {});
    expect(nudge).not.toHaveBeenCalled();
    listen('logs.appended', [
      { status: 200, errorKind: null },
      { status: 502, errorKind: null },
    ]);
    expect(nudge).toHaveBeenCalledTimes(1);
  });
});

describe('failedUpstream', () => {
  it('is a 429, a 5xx or an upstream error kind', () => {
    expect(failedUpstream({ status: 429, errorKind: null })).toBe(true);
    expect(failedUpstream({ status: 503, errorKind: null })).toBe(true);
    expect(failedUpstream({ status: 401, errorKind: 'upstream_key_rejected' })).toBe(true);
    expect(failedUpstream({ status: 404, errorKind: 'model_not_found' })).toBe(false);
    expect(failedUpstream({ status: 200, errorKind: null })).toBe(false);
  });
});
