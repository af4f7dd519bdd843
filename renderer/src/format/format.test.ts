import { describe, expect, it } from 'vitest';
import { formatCost, formatCostTick, formatModelPrice, formatPrice } from './cost.ts';
import { formatDuration } from './duration.ts';
import { formatPath } from './path.ts';
import { formatRelative } from './time.ts';
import { formatTokens, formatTokensCompact } from './tokens.ts';

describe('formatCost', () => {
  it('shows dollars with cents, and small amounts with four decimals', () => {
    expect(formatCost(0)).toBe('$0.00');
    expect(formatCost(1234.5)).toBe('$1,234.50');
    expect(formatCost(0.42)).toBe('$0.42');
    expect(formatCost(0.0106)).toBe('$0.0106');
    expect(formatCost(0.12345)).toBe('$0.1235');
    expect(formatCost(0.00123)).toBe('$0.0012');
    expect(formatCost(0.00001)).toBe('<$0.0001');
  });
  it('shows a dash when there is no estimate', () => {
    expect(formatCost(null)).toBe('—');
    expect(formatCost(undefined)).toBe('—');
    expect(formatCost(Number.NaN)).toBe('—');
  });
});

describe('formatPrice / formatModelPrice', () => {
  it('prices per million tokens or per call, or a dash', () => {
    expect(formatPrice(2.5)).toBe('$2.50');
    expect(formatPrice(0.0015)).toBe('$0.0015');
    expect(formatModelPrice({ inputPerMillion: 2.5, outputPerMillion: 10, perCall: null })).toBe(
      '$2.50 in / $10.00 out per 1M',
    );
    expect(formatModelPrice({ inputPerMillion: null, outputPerMillion: null, perCall: 0.04 })).toBe(
      '$0.04 per call',
    );
    expect(formatModelPrice({ inputPerMillion: null, outputPerMillion: null, perCall: null })).toBe(
      '—',
    );
  });
});

describe('formatTokens', () => {
  it('groups thousands', () => {
    expect(formatTokens(1234567)).toBe('1,234,567');
    expect(formatTokens(null)).toBe('—');
  });
  it('abbreviates for cards and axes', () => {
    expect(formatTokensCompact(950)).toBe('950');
    expect(formatTokensCompact(12_345)).toBe('12.3k');
    expect(formatTokensCompact(2_000)).toBe('2k');
    expect(formatTokensCompact(123_456)).toBe('123k');
    expect(formatTokensCompact(4_500_000)).toBe('4.5M');
  });
});

describe('formatDuration', () => {
  it('picks the unit by size', () => {
    expect(formatDuration(850)).toBe('850 ms');
    expect(formatDuration(1250)).toBe('1.25 s');
    expect(formatDuration(12_340)).toBe('12.3 s');
    expect(formatDuration(125_000)).toBe('2 m 05 s');
    expect(formatDuration(3_840_000)).toBe('1 h 04 m');
    expect(formatDuration(null)).toBe('—');
  });
});

describe('formatRelative', () => {
  const now = 1_700_000_000_000;
  it('says how long ago', () => {
    expect(formatRelative(now - 10_000, now)).toBe('just now');
    expect(formatRelative(now - 5 * 60_000, now)).toBe('5 min ago');
    expect(formatRelative(now - 3 * 3_600_000, now)).toBe('3 h ago');
    expect(formatRelative(now - 2 * 86_400_000, now)).toBe('2 days ago');
    expect(formatRelative(null, now)).toBe('never');
  });
});

describe('formatPath', () => {
  it('names client and upstream formats and whether it was translated', () => {
    expect(
      formatPath({ clientFormat: 'chat', upstreamFormat: 'gemini', route: 'translated' }),
    ).toBe('chat→gemini (translated)');
    expect(
      formatPath({ clientFormat: 'responses', upstreamFormat: 'responses', route: 'passthrough' }),
    ).toBe('responses→responses (passthrough)');
    expect(formatPath({ clientFormat: null, upstreamFormat: null, route: 'local' })).toBe('local');
  });
});

describe('formatCostTick', () => {
  it('keeps two significant digits for tiny axis values', () => {
    expect(formatCostTick(0)).toBe('$0');
    expect(formatCostTick(0.00005)).toBe('$0.00005');
    expect(formatCostTick(0.3)).toBe('$0.30');
  });
});
