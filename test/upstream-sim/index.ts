/**
 * The upstream simulator: a real HTTP server that behaves like the hosted gateway this app
 * fronts (a new-api relay: catalog markers and tariffs),
 * answering every generation format deterministically: chat completions, responses,
 * native generateContent, Anthropic Messages (`POST /v1/messages`, with
 * `/v1/messages/count_tokens`; `x-api-key` or Bearer auth, `anthropic-version` required) and
 * Ollama's API (`POST /api/chat`, `/api/generate`; streamed as NDJSON unless `"stream": false`).
 * What is particular to a format (its paths, body, answer and error shape) is its test kit's
 * simulator part (`test/format-kits/<format>/sim.ts`, listed in `sim-formats.ts`); the
 * catalog, keys, faults and the answer plan here are shared.
 *
 * Fault markers. Put them anywhere in the user text of a generation request, or set
 * them for every generation request with `startSimulator({ faults })` or by assigning
 * `sim.faults` (a string of markers, '' for none; it acts as if appended to each
 * prompt, so prompt markers and global ones combine):
 *
 *   [[sim:429]]                   429 with Retry-After: 1 (Google shape adds RetryInfo "1s")
 *   [[sim:429:retry-after=N]]     same with Retry-After: N
 *   [[sim:500]] [[sim:502]] [[sim:503]]   that status (any 4xx/5xx number works;
 *                                 [[sim:529]] is the Messages path's overloaded_error)
 *   [[sim:fail-first=N:STATUS]]   the first N attempts of this exact body (per key and path)
 *                                 fail with STATUS, later ones succeed; 429 has Retry-After: 0
 *   [[sim:slow-first-byte=MS]]    wait MS before the response headers
 *   [[sim:slow-chunks=MS]]        MS between stream records (overrides chunkDelayMs)
 *   [[sim:cut-after=N]]           stream: drop the connection after N records, no terminal
 *                                 event; non-stream: drop it before answering
 *   [[sim:error-mid-stream]]      stream: after 2 records send the format's in-stream error
 *                                 and end; non-stream: a 500
 *   [[sim:long=N]]                a reply of exactly N words (N output tokens)
 *   [[sim:parallel-tools]]        call the first two declared tools at once
 *   [[sim:balance]]               insufficient balance, as for SIM_KEYS.broke
 *   [[sim:cached=N]]              report N cached prompt tokens (capped to the input)
 *
 * Per model: `startSimulator({ modelFaults: { 'sim-anthropic': '[[sim:429]]' } })`, or
 * `sim.modelFaults.set(id, markers)`, applies markers to every request for that model (a model
 * that is always rate limited, down or slow), as `--model-fault ID=MARKERS` does on the CLI.
 *
 * Tool-call trigger. `[[call:TOOL_NAME {"json":"args"}]]` in the user turn being answered
 * makes the model call exactly that declared tool with exactly those arguments (instead of
 * the first declared tool with arguments made up from its schema); the tool result is then
 * answered in text quoting it, as usual. A request that declares tools but not that one is
 * a 400 listing the declared tools; one that declares no tools ignores the trigger.
 *
 * Checks run in the upstream's order: auth 401 → path 404/405 → JSON and required
 * fields 400 → model for this key 404 → model supports the path 404 → slow-first-byte
 * → balance (403 on OpenAI and Messages paths, 429 on the native path) → 429/5xx markers
 * → the provider's own validation 400 (images, and any image at all for sim-per-call, which
 * reads text only; tool-result linking, previous_response_id,
 * thought signatures, thinking-block signatures, max_output_tokens < 16) → call trigger
 * 400 → answer. The Messages paths check `anthropic-version` (400) right after the path.
 *
 * Thinking (Ollama). sim-ollama streams `thinking` before its answer when the request says
 * `think` (true or a level), and counts it in `eval_count`.
 *
 * Thinking (Messages). sim-anthropic answers with a `thinking` block, signed, when the
 * request turns thinking on (`enabled`, `adaptive`; `display: "omitted"` empties its text),
 * and, like the real API, rejects with a 400 a history whose thinking blocks come back
 * edited or unsigned, or a tool loop whose assistant turn lost its thinking block.
 */
export { startSimulator } from './server.ts';
export type { RunningSimulator, SimulatorOptions } from './server.ts';
export type { JournalEntry } from './journal.ts';
export { SIM_KEYS } from './keys.ts';
export { SIM_MODELS } from './catalog.ts';
export { SIM_GROUP_RATIO, SIM_PRICING } from './pricing.ts';
export { INSUFFICIENT_BALANCE_MESSAGE, MID_STREAM_ERROR_MESSAGE } from './errors.ts';
export { REPLY_FILLER } from './reply-plan.ts';
export { SKIP_SIGNATURE } from './thought-signature.ts';
