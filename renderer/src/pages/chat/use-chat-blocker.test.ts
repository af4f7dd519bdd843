import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../../shared/contract.ts';
import { describeErrorText } from '../../../../shared/describe-upstream-problem.ts';
import { i18n } from '../../i18n/i18n.ts';
import { composerBlock, repeatsLastAnswer } from './use-chat-blocker.ts';

const REFUSED = 'Cannot reach the upstream at http://127.0.0.1:9 (ECONNREFUSED).';
const KEY =
  "The upstream rejected the gateway's upstream key (401): Invalid API key.. Set a valid key in Settings.";

describe('composerBlock', () => {
  it('closes the message box for what no message gets past, and says why', () => {
    expect(composerBlock(describeErrorText(KEY, i18n.t), 'sim-chat')).toBe(
      'The upstream rejected the key: see above.',
    );
  });

  it('leaves it open for an upstream that may be back by the time the user sends', () => {
    expect(composerBlock(describeErrorText(REFUSED, i18n.t), 'sim-chat')).toBeNull();
    expect(composerBlock(null, 'sim-chat')).toBeNull();
  });

  it('still asks for a model when there is none', () => {
    expect(composerBlock(null, null)).toBe('Choose a model above to start.');
  });
});

describe('repeatsLastAnswer', () => {
  const answer = (error: string | null, errorKind: ChatMessage['errorKind'] = null) =>
    ({ error, errorKind }) as ChatMessage;

  it('is true when the last answer failed for the same reason', () => {
    const blocker = describeErrorText(REFUSED, i18n.t);
    expect(repeatsLastAnswer(blocker, [answer(null), answer(REFUSED)])).toBe(true);
    expect(repeatsLastAnswer(blocker, [answer(REFUSED), answer(null)])).toBe(false);
    expect(repeatsLastAnswer(blocker, [answer(KEY)])).toBe(false);
    expect(repeatsLastAnswer(blocker, [])).toBe(false);
  });

  it('goes by the kind stored with the answer, when it has one', () => {
    const blocker = describeErrorText(REFUSED, i18n.t);
    expect(repeatsLastAnswer(blocker, [answer('fetch failed', 'unreachable')])).toBe(true);
    expect(repeatsLastAnswer(blocker, [answer(REFUSED, 'upstream_error')])).toBe(false);
  });
});
