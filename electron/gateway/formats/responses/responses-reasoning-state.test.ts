import { describe, expect, it } from 'vitest';
import {
  isReplayableReasoning,
  reasoningStateKey,
  rememberReasoningForCall,
} from './responses-reasoning-state.ts';
import { testContext } from '../../../../test/doubles/formats/responses-test-support.ts';

describe('responses reasoning state', () => {
  it('keys reasoning by the call that followed it', () => {
    const ctx = testContext();
    rememberReasoningForCall(ctx.state, 'call_1', '{"id":"rs_1"}');
    expect(ctx.stateMap.get(reasoningStateKey('call_1'))).toBe('{"id":"rs_1"}');
    expect(reasoningStateKey('call_1')).toBe('rs:call_1');
  });

  it('treats only reasoning with an id and encrypted content as replayable', () => {
    expect(isReplayableReasoning({ type: 'reasoning', id: 'rs', encrypted_content: 'x' })).toBe(
      true,
    );
    expect(isReplayableReasoning({ type: 'reasoning', id: 'rs', encrypted_content: null })).toBe(
      false,
    );
    expect(isReplayableReasoning({ type: 'reasoning', encrypted_content: 'x' })).toBe(false);
    expect(isReplayableReasoning({ type: 'message', id: 'm', encrypted_content: 'x' })).toBe(false);
  });
});
