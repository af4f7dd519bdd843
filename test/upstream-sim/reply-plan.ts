import type { CallTrigger } from './call-trigger.ts';
import type { SimModel } from './catalog.ts';
import type { FaultSpec } from './faults.ts';
import { stableId } from './ids.ts';
import { valueFromSchema } from './schema-value.ts';
import type { SimRequest, SimToolDecl, SimToolResult } from './sim-request.ts';
import { excerpt, splitJson, splitWords } from './text-pieces.ts';
import { makeThoughtSignature } from './thought-signature.ts';

export interface SimToolCall {
  name: string;
  args: unknown;
  argsJson: string;
  /** `call_...`: chat tool_call id and responses call_id. */
  callId: string;
  /** `fc_...`: responses item id. */
  itemId: string;
  /** Native: set on the first call only, as Gemini 3 signs only the first part of a step. */
  thoughtSignature: string | null;
}

/** Token counts; `output` excludes `reasoning` (each format adds them up its own way). */
export interface SimUsage {
  input: number;
  cached: number;
  output: number;
  reasoning: number;
}

export interface Answer {
  kind: 'text' | 'tools';
  /** Stream chunks of the text; one output token each. */
  pieces: string[];
  text: string;
  calls: SimToolCall[];
  /** The output token cap cut the text short. */
  truncated: boolean;
  /** The stop sequence the text ended at (Messages `stop_sequences`), if any. */
  stopSequence: string | null;
  /** Native `includeThoughts` on a thinking model: a thought part before the answer. */
  thought: string | null;
  usage: SimUsage;
}

export const REPLY_FILLER = 'This answer comes from the upstream simulator and is deterministic.';
const TOOL_FILLER = 'That is the simulated answer based on the tool output.';
const LONG_WORDS =
  'lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor'.split(' ');

/**
 * The whole answer as a pure function of the request (and the markers in it). A call
 * trigger (read by `readCallTrigger`) replaces the default choice of tools and arguments.
 */
export function planAnswer(
  req: SimRequest,
  model: SimModel,
  faults: FaultSpec,
  trigger: CallTrigger | null = null,
): Answer {
  const input = Math.max(1, Math.ceil(req.inputChars / 4));
  const usage: SimUsage = {
    input,
    cached: Math.min(faults.cachedTokens ?? 0, input),
    output: 0,
    reasoning: model.thinkingTokens,
  };
  const thought =
    model.thinkingTokens > 0 && req.includeThoughts
      ? `Thinking about "${excerpt(req.lastUserText, 60)}".`
      : null;
  const calls =
    trigger !== null
      ? [makeCall(req, model, trigger.name, trigger.args, 0)]
      : toolsToCall(req, faults).map((tool, i) =>
          makeCall(
            req,
            model,
            tool.name,
            valueFromSchema(tool.schema, { allProperties: false }),
            i,
          ),
        );
  if (calls.length > 0) {
    usage.output = calls.reduce(
      (n, c) => n + Math.max(1, Math.ceil((c.name.length + c.argsJson.length) / 4)),
      0,
    );
    return {
      kind: 'tools',
      pieces: [],
      text: '',
      calls,
      truncated: false,
      stopSequence: null,
      thought,
      usage,
    };
  }
  let pieces = replyPieces(req, faults);
  const stop = firstStop(pieces.join(''), req.stopSequences);
  const cap = req.maxOutputTokens;
  // Whichever comes first in generation order ends the text: the cap or the stop sequence.
  const capChars = cap === null ? Infinity : pieces.slice(0, Math.max(0, cap)).join('').length;
  const stopped = stop !== null && stop.at <= capChars;
  if (stopped) pieces = cutPieces(pieces, stop.at);
  const truncated = !stopped && cap !== null && pieces.length > cap;
  if (truncated) pieces = pieces.slice(0, Math.max(0, cap));
  usage.output = pieces.length;
  const text = pieces.join('');
  const stopSequence = stopped ? stop.sequence : null;
  return { kind: 'text', pieces, text, calls: [], truncated, stopSequence, thought, usage };
}

/** The earliest stop sequence in `text` (the longest at a tie), as the API matches them. */
function firstStop(text: string, sequences: string[]): { at: number; sequence: string } | null {
  let best: { at: number; sequence: string } | null = null;
  for (const sequence of sequences) {
    if (sequence === '') continue;
    const at = text.indexOf(sequence);
    if (at < 0) continue;
    if (best === null || at < best.at || (at === best.at && sequence.length > best.sequence.length))
      best = { at, sequence };
  }
  return best;
}

/** The pieces holding the first `chars` characters, the last one shortened if need be. */
function cutPieces(pieces: string[], chars: number): string[] {
  const out: string[] = [];
  let left = chars;
  for (const piece of pieces) {
    if (left <= 0) break;
    out.push(piece.length <= left ? piece : piece.slice(0, left));
    left -= piece.length;
  }
  return out;
}

function toolsToCall(req: SimRequest, faults: FaultSpec): SimToolDecl[] {
  const choice = req.toolChoice;
  if (req.tools.length === 0 || choice.kind === 'none' || req.lastTurn !== 'user') return [];
  if (choice.kind === 'named') return req.tools.filter((t) => t.name === choice.name).slice(0, 1);
  const parallel = faults.parallelTools && req.parallelToolCalls;
  return req.tools.slice(0, parallel ? 2 : 1);
}

function makeCall(
  req: SimRequest,
  model: SimModel,
  name: string,
  args: unknown,
  i: number,
): SimToolCall {
  const argsJson = JSON.stringify(args);
  const seed = stableId(`${model.id}\n${req.lastUserText}\n${name}\n${i}`);
  return {
    name,
    args,
    argsJson,
    callId: `call_${seed}`,
    itemId: `fc_${seed}`,
    thoughtSignature:
      model.requiresThoughtSignatures && i === 0 ? makeThoughtSignature(`${name}:${seed}`) : null,
  };
}

function replyPieces(req: SimRequest, faults: FaultSpec): string[] {
  const text = replyText(req, faults);
  if (req.output.kind === 'text') return splitWords(text);
  const schema = req.output.schema;
  const value =
    schema === undefined ? { reply: text } : valueFromSchema(schema, { allProperties: true });
  return splitJson(JSON.stringify(value));
}

function replyText(req: SimRequest, faults: FaultSpec): string {
  if (faults.longWords !== null) {
    return Array.from(
      { length: faults.longWords },
      (_, i) => LONG_WORDS[i % LONG_WORDS.length],
    ).join(' ');
  }
  if (req.toolResults.length > 0) {
    const results = req.toolResults.map((r) => `Tool ${r.name} returned ${resultText(r)}.`);
    return `${results.join(' ')} ${TOOL_FILLER}`;
  }
  const n = req.imageCount;
  const images = n > 0 ? `I see ${n} image${n === 1 ? '' : 's'}. ` : '';
  return `Simulated reply to: "${excerpt(req.lastUserText, 60)}". ${images}${REPLY_FILLER}`;
}

/** A result's text, then each of its images by type and size: `… and an image (image/png, 68 bytes)`. */
function resultText(result: SimToolResult): string {
  const images = (result.images ?? []).map((image) =>
    image.kind === 'inline'
      ? `an image (${image.mimeType}, ${image.bytes} bytes)`
      : `an image (${image.url})`,
  );
  if (images.length === 0) return result.content;
  return [...(result.content === '' ? [] : [result.content]), ...images].join(' and ');
}
