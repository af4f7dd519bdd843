import { describe, expect, it } from 'vitest';
import type { UsageGroup } from '../../../../shared/contract.ts';
import { topGroups } from './group-metric.ts';

function group(key: string, costUsd: number): UsageGroup {
  return {
    key,
    requests: 1,
    errors: 0,
    inputTokens: 1,
    outputTokens: 1,
    cachedTokens: 0,
    reasoningTokens: 0,
    costUsd,
  };
}

describe('topGroups', () => {
  it('sorts by the metric and folds the tail into Other', () => {
    const groups = [1, 5, 3, 2, 4].map((c) => group(`m${c}`, c));
    expect(topGroups(groups, 'cost', 3)).toEqual([
      { key: 'm5', value: 5 },
      { key: 'm4', value: 4 },
      { key: 'Other (3)', value: 6 },
    ]);
    expect(topGroups([group('', 1)], 'requests')).toEqual([{ key: '(none)', value: 1 }]);
  });
});
