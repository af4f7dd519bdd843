import { alternatedRounds, summarizeRounds, type AlternatedSummary } from './alternated-rounds.ts';
import { SIZES } from './config.ts';
import { PAIRS, type Pair } from './pairs.ts';

/** Medians over rounds, in ms. */
export interface TtfbResult extends AlternatedSummary {
  pair: Pair;
}

/** A short streamed answer: the first record is what is timed, the rest is read to the end. */
const STREAM_PROMPT = 'Stream a short answer. [[sim:long=20]]';

/**
 * Time to first byte of streamed answers: from sending the request to the first body bytes
 * (the first SSE record; response headers alone do not count), alternated as in the latency run.
 */
export async function measureStreamTtfb(
  gateway: string,
  simulator: string,
  log: (line: string) => void,
): Promise<TtfbResult[]> {
  const byPair = await alternatedRounds(gateway, simulator, {
    ...SIZES.ttfb,
    stream: true,
    prompt: STREAM_PROMPT,
    metric: (timed) => timed.ttfbMs,
  });
  log('stream TTFB done');
  return PAIRS.map((pair) => ({ pair, ...summarizeRounds(byPair.get(pair)!) }));
}
