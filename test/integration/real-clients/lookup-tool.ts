import { randomUUID } from 'node:crypto';
import { z } from 'zod';

/**
 * The client-declared tool every SDK test runs. Its result carries a nonce made by the
 * test, so an answer that quotes it proves the client ran the tool and sent the result
 * back: neither the simulator nor the gateway can make it up.
 */
export const LOOKUP_TOOL = {
  name: 'lookup_code',
  description: 'Returns the code stored under a key.',
  /** Zod, as each SDK's own docs declare tools. */
  schema: z.object({ key: z.string().describe('The key to look up.') }),
};

type LookupArgs = z.infer<typeof LOOKUP_TOOL.schema>;

export interface LookupRun {
  /** Asks the simulator (through its `[[call:]]` trigger) to call the tool with `args`. */
  prompt: string;
  args: LookupArgs;
  /** What the tool answers for `args`: the text the final answer must quote. */
  result: string;
  /** Runs the tool, remembering each call. */
  lookup: (args: LookupArgs) => string;
  calls: LookupArgs[];
}

export function lookupRun(key = 'alpha'): LookupRun {
  const nonce = randomUUID().slice(0, 8);
  const args = { key };
  const calls: LookupArgs[] = [];
  const codeFor = (k: string) => `code-${k}-${nonce}`;
  return {
    prompt: `What is the code for ${key}? [[call:${LOOKUP_TOOL.name} ${JSON.stringify(args)}]]`,
    args,
    result: codeFor(key),
    calls,
    lookup: (a) => {
      calls.push(a);
      return codeFor(a.key);
    },
  };
}

/** The structured output every SDK test asks for; the simulator fills it from the schema. */
export const FORECAST_SCHEMA = z.object({
  city: z.string(),
  temperature: z.number(),
  sunny: z.boolean(),
});

export const FORECAST_PROMPT = 'Give the forecast for Paris as JSON.';
