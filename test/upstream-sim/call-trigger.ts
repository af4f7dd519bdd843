import { badRequest } from './errors.ts';
import type { SimFailure } from './errors.ts';
import type { SimRequest } from './sim-request.ts';

/**
 * `[[call:TOOL_NAME {"json":"args"}]]` in the user turn being answered: the model calls
 * exactly that declared tool with exactly those arguments. Agent CLIs declare a score of
 * tools (shell, file edits, ...), so the default "first tool, arguments from its schema"
 * would be unsafe and would depend on the order the client lists its tools in; the trigger
 * lets a test pick a harmless tool and arguments. The arguments may be left out (`{}`).
 */
export interface CallTrigger {
  name: string;
  args: Record<string, unknown>;
  /** The arguments re-serialized compactly: what the call carries. */
  argsJson: string;
}

export type TriggerScan =
  { kind: 'none' } | { kind: 'call'; trigger: CallTrigger } | { kind: 'malformed'; reason: string };

export type TriggerRead =
  { ok: true; trigger: CallTrigger | null } | { ok: false; failure: SimFailure };

const OPEN = '[[call:';
const CLOSE = ']]';
const NAME = /^[^\s[\]{}]+/;

/** Finds the first trigger in `text`. */
export function scanCallTrigger(text: string): TriggerScan {
  const at = text.indexOf(OPEN);
  if (at < 0) return { kind: 'none' };
  const rest = text.slice(at + OPEN.length);
  const name = NAME.exec(rest)?.[0];
  if (name === undefined) return { kind: 'malformed', reason: 'a tool name must follow [[call:' };
  const tail = rest.slice(name.length).trimStart();
  if (tail.startsWith(CLOSE)) return { kind: 'call', trigger: { name, args: {}, argsJson: '{}' } };
  if (!tail.startsWith('{')) {
    return { kind: 'malformed', reason: `the arguments of ${name} must be a JSON object` };
  }
  const args = leadingJsonObject(tail);
  if (args === undefined) {
    return {
      kind: 'malformed',
      reason: `the arguments of ${name} are not a JSON object followed by ]]`,
    };
  }
  return { kind: 'call', trigger: { name, args, argsJson: JSON.stringify(args) } };
}

/**
 * The JSON object at the start of `text` that `]]` closes. The object may itself hold `]`
 * and `}` (arrays, nested objects), so every `}]]` is tried until one ends a valid object.
 */
function leadingJsonObject(text: string): Record<string, unknown> | undefined {
  for (let end = text.indexOf('}' + CLOSE); end >= 0; end = text.indexOf('}' + CLOSE, end + 1)) {
    try {
      const value: unknown = JSON.parse(text.slice(0, end + 1));
      if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
        return value as Record<string, unknown>;
      }
    } catch {
      // Not the end of the object yet: a later `}]]` may be.
    }
  }
  return undefined;
}

/**
 * The trigger of the turn being answered. Only a user turn is answered with a call (after
 * the tool result the model answers in text, as without the trigger), never when tool
 * choice is `none`, and never on a request that declares no tools at all: side requests
 * of agent CLIs (titles, routing, next-speaker checks) repeat the user's prompt without
 * tools and must still get an answer. A `tool_choice` naming another tool wins. A trigger
 * naming a tool the request does not declare is a 400 that lists the declared tools, so a
 * test sees at once which tool went missing on the way instead of an answer that silently
 * lacks the call.
 */
export function readCallTrigger(req: SimRequest): TriggerRead {
  const choice = req.toolChoice;
  if (req.lastTurn !== 'user' || choice.kind === 'none' || req.tools.length === 0) {
    return { ok: true, trigger: null };
  }
  const scan = scanCallTrigger(req.lastUserText);
  if (scan.kind === 'none') return { ok: true, trigger: null };
  // A forced choice of another tool binds the model more than the prompt does.
  if (scan.kind === 'call' && choice.kind === 'named' && choice.name !== scan.trigger.name) {
    return { ok: true, trigger: null };
  }
  if (scan.kind === 'malformed') {
    return { ok: false, failure: badRequest(`Simulator [[call:]] trigger: ${scan.reason}.`, null) };
  }
  const { name } = scan.trigger;
  if (!req.tools.some((t) => t.name === name)) {
    const declared = req.tools.map((t) => t.name).join(', ');
    const message = `Simulator [[call:]] trigger: the request declares no tool named '${name}' (declared: ${declared}).`;
    return { ok: false, failure: badRequest(message, 'tools') };
  }
  return { ok: true, trigger: scan.trigger };
}
