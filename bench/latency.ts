import {
  alternatedRounds,
  summarizeRounds,
  type AlternatedRound,
  type AlternatedSummary,
} from './alternated-rounds.ts';
import { SIZES } from './config.ts';
import { PAIRS, SHORT_PROMPT, type Pair } from './pairs.ts';

type LatencyRound = AlternatedRound;

/** Medians over rounds, in ms. */
export interface LatencyResult extends AlternatedSummary {
  pair: Pair;
  rounds: LatencyRound[];
}

/** Added latency: sequential, keep-alive, non-streamed requests, the whole request timed. */
export async function measureLatency(
  gateway: string,
  simulator: string,
  log: (line: string) => void,
): Promise<LatencyResult[]> {
  const { rounds } = SIZES.latency;
  const byPair = await alternatedRounds(gateway, simulator, {
    ...SIZES.latency,
    stream: false,
    prompt: SHORT_PROMPT,
    metric: (timed) => timed.totalMs,
    onRound: (round) => log(`latency: round ${round + 1}/${rounds} done`),
  });
  return PAIRS.map((pair) => {
    const pairRounds = byPair.get(pair)!;
    return { pair, rounds: pairRounds, ...summarizeRounds(pairRounds) };
  });
}
