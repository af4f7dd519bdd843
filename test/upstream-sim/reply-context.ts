import type { Exchange } from './exchange.ts';
import type { JsonRecord } from './json-guards.ts';
import type { Answer } from './reply-plan.ts';
import type { SimRequest } from './sim-request.ts';
import type { StreamPlan } from './stream-sink.ts';

/** Everything a format writer needs to put one planned answer on the wire. */
export interface ReplyContext {
  ex: Exchange;
  /** Request number: makes response ids unique within a simulator run. */
  n: number;
  /** Unix seconds. */
  created: number;
  req: SimRequest;
  body: JsonRecord;
  answer: Answer;
  plan: StreamPlan;
}
