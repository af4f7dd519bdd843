import type { LogTotal } from '../../../shared/contract.ts';
import { formatTokens } from './tokens.ts';

/** How many requests match: "12,345", or "10,000+" where the log stopped counting. */
export const formatLogTotal = (total: LogTotal): string =>
  `${formatTokens(total.count)}${total.atLeast ? '+' : ''}`;
