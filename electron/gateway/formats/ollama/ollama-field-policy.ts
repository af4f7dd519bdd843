import type { FieldPolicy } from '../field-policy.ts';

/**
 * What an Ollama request (`POST /api/chat`, `POST /api/generate`) may hold when it is translated
 * to another format, field by field of Ollama's `ChatRequest`, `GenerateRequest`, `Message` and
 * `Options` (ollama-js 0.6.4 types; the Ollama server's own `api/types.go` adds `truncate`,
 * `shift`, `_debug_render_only`, a call's `id` and a tool message's `tool_call_id`). For README
 * "Translation between formats":
 *
 * | Ollama    | carried | dropped (named in `x-gateway-dropped`) | refused (400 naming the field) |
 * | --------- | ------- | -------------------------------------- | ------------------------------ |
 * | `/api/chat`, `/api/generate` | `model`, `messages` (roles system/user/assistant/tool; `images` as base64 PNG/JPEG/GIF/WebP, the type read from the bytes; assistant `thinking` and `tool_calls` with object `arguments`; a tool message's `tool_call_id` or `tool_name`, else the order of the calls), `prompt` + `system` + `images` (one user turn), `stream` (absent = streamed), `tools` (function tools), `format` (`"json"` or a JSON Schema), `think` (true = medium, `"low"`/`"medium"`/`"high"`/`"max"`; false hides thinking), `options.temperature`, `top_p`, `top_k`, `num_predict` (-1/-2 = no cap), `stop`, `seed`, `presence_penalty`, `frequency_penalty`; `logprobs: false`, `top_logprobs: 0`, an empty `suffix`/`template`/`context`, `raw: false`; two fields outside Ollama's API that ollama-ai-provider-v2 sends: chat's `tool_choice` (`auto`/`none`/`required`/a named function, with tools) and generate's top-level `stop` (added to `options.stop`) | `keep_alive`, `truncate`, `shift` (model loading and context handling of a local runtime); `options.num_ctx`, `num_batch`, `num_gpu`, `main_gpu`, `low_vram`, `f16_kv`, `logits_all`, `vocab_only`, `use_mmap`, `use_mlock`, `embedding_only`, `num_thread`, `num_keep`, `numa`, `draft_num_predict` (runtime), `repeat_last_n`, `repeat_penalty`, `min_p`, `tfs_z`, `typical_p`, `mirostat`, `mirostat_tau`, `mirostat_eta`, `penalize_newline` (llama.cpp sampler knobs hosted APIs lack); a replayed call's `function.index` | `logprobs: true`, `top_logprobs` > 0, generate's non-empty `context` (token ids of a local model), `suffix` (fill-in-the-middle), `template`, `raw: true` (the hosted model applies its own prompt format), `width`/`height`/`steps` (image generation), `_debug_render_only`, `messages`/`tools` on `/api/generate`, images on system or assistant messages, images that are not PNG/JPEG/GIF/WebP or carry a `data:` prefix, another role's fields filled on a message (`thinking` on a user message, …), a tool message that answers no call, any field not listed |
 *
 * Translation rules recorded in the request log: `ollama.keep_alive_dropped`,
 * `ollama.context_handling_dropped`, `ollama.runtime_option_dropped`,
 * `ollama.sampler_option_dropped`, `ollama.tool_call_index_dropped` (dropped fields);
 * `ollama.think_false_hides_thoughts` (think false asks no upstream to stop reasoning, it hides
 * the thinking: `none` is refused by models that cannot stop and by non-reasoning ones);
 * `ollama.thinking_omitted` (reasoning left out of an answer to a client that sent think false);
 * `ollama.refusal_as_text`, `ollama.error_finish_as_stop`,
 * `ollama.unsupported_output_part_dropped` (answers). Toward an Ollama upstream:
 * `ollama.tool_strict_dropped`, `ollama.tool_choice_none_as_no_tools`,
 * `ollama.allowed_tools_filtered`, `ollama.parallel_tool_calls_dropped`,
 * `ollama.response_schema_name_dropped`, `ollama.image_detail_dropped`,
 * `ollama.reasoning_effort_to_think`, `ollama.thinking_budget_to_think`,
 * `ollama.include_thoughts_dropped`; refused there (400): a tool choice that requires a call
 * (Ollama cannot be made to call), an image by URL (Ollama fetches nothing), call arguments that
 * are not a JSON object.
 */

const REFUSED_LOGPROBS = 'log probabilities are not translated between formats.';

/** Fields of both endpoints that are about the local runtime, not the answer. */
const RUNTIME_DROPPED: Readonly<Record<string, string>> = {
  keep_alive: 'ollama.keep_alive_dropped',
  // History truncation and context shifting when a local context window fills up: a hosted
  // model has its own window and answers an over-long request with an error.
  truncate: 'ollama.context_handling_dropped',
  shift: 'ollama.context_handling_dropped',
};

const COMMON_REFUSED: Readonly<Record<string, string>> = {
  _debug_render_only: 'it returns the local prompt template instead of an answer.',
};

export const OLLAMA_CHAT_REQUEST_POLICY: FieldPolicy = {
  // `logprobs` and `top_logprobs` are read only to check they ask for nothing.
  carried: [
    'model',
    'messages',
    'stream',
    'format',
    'tools',
    // Not Ollama's: ollama-ai-provider-v2 sends it (ollama-tool-choice-to-canonical.ts).
    'tool_choice',
    'think',
    'options',
    'logprobs',
    'top_logprobs',
  ],
  dropped: RUNTIME_DROPPED,
  refused: COMMON_REFUSED,
};

export const OLLAMA_GENERATE_REQUEST_POLICY: FieldPolicy = {
  // `suffix`, `template`, `context` and `raw` are read to check they are empty or off.
  carried: [
    'model',
    'prompt',
    'system',
    'images',
    // Not Ollama's: ollama-ai-provider-v2's completion model sends it (generate decoder).
    'stop',
    'stream',
    'format',
    'think',
    'options',
    'logprobs',
    'top_logprobs',
    'suffix',
    'template',
    'context',
    'raw',
  ],
  dropped: RUNTIME_DROPPED,
  refused: {
    ...COMMON_REFUSED,
    width: 'image generation is not translated; only text answers are.',
    height: 'image generation is not translated; only text answers are.',
    steps: 'image generation is not translated; only text answers are.',
    messages: 'messages belong to /api/chat; /api/generate takes a prompt.',
    tools: 'tools belong to /api/chat.',
  },
};

/** Checked values of carried fields that would change the answer, with the reason shown. */
export const OLLAMA_REFUSED_VALUES = {
  logprobs: REFUSED_LOGPROBS,
  topLogprobs: REFUSED_LOGPROBS,
  context:
    'it holds token ids of a local model and its earlier answer; send the conversation to /api/chat instead.',
  suffix: 'fill-in-the-middle needs the local model’s own insertion template.',
  template: 'a hosted model applies its own prompt format; a template cannot replace it.',
  raw: 'a hosted model applies its own prompt format; a raw prompt cannot bypass it.',
} as const;

const RUNTIME_OPTION = 'ollama.runtime_option_dropped';
const SAMPLER_OPTION = 'ollama.sampler_option_dropped';

/**
 * `options`: the sampling settings every format has are carried; the local runtime's settings
 * (memory, GPU, threads, context size) and llama.cpp's extra sampler knobs are dropped by name.
 */
export const OLLAMA_OPTIONS_POLICY: FieldPolicy = {
  carried: [
    'temperature',
    'top_p',
    'top_k',
    'num_predict',
    'stop',
    'seed',
    'presence_penalty',
    'frequency_penalty',
  ],
  dropped: {
    num_ctx: RUNTIME_OPTION,
    num_batch: RUNTIME_OPTION,
    num_gpu: RUNTIME_OPTION,
    main_gpu: RUNTIME_OPTION,
    low_vram: RUNTIME_OPTION,
    f16_kv: RUNTIME_OPTION,
    logits_all: RUNTIME_OPTION,
    vocab_only: RUNTIME_OPTION,
    use_mmap: RUNTIME_OPTION,
    use_mlock: RUNTIME_OPTION,
    embedding_only: RUNTIME_OPTION,
    num_thread: RUNTIME_OPTION,
    num_keep: RUNTIME_OPTION,
    numa: RUNTIME_OPTION,
    draft_num_predict: RUNTIME_OPTION,
    repeat_last_n: SAMPLER_OPTION,
    repeat_penalty: SAMPLER_OPTION,
    min_p: SAMPLER_OPTION,
    tfs_z: SAMPLER_OPTION,
    typical_p: SAMPLER_OPTION,
    mirostat: SAMPLER_OPTION,
    mirostat_tau: SAMPLER_OPTION,
    mirostat_eta: SAMPLER_OPTION,
    penalize_newline: SAMPLER_OPTION,
  },
  refused: {},
};

/**
 * A message of any role. Which fields a role may fill is checked by the decoder (an empty
 * `images` or `thinking` is what some clients send on every message, and means nothing).
 */
export const OLLAMA_MESSAGE_POLICY: FieldPolicy = {
  carried: ['role', 'content', 'images', 'thinking', 'tool_calls', 'tool_name', 'tool_call_id'],
  dropped: {},
  refused: {},
};

/** A replayed tool call: Ollama's `{id?, function}`; `type` is an OpenAI habit some clients add. */
export const OLLAMA_TOOL_CALL_POLICY: FieldPolicy = {
  carried: ['id', 'type', 'function'],
  dropped: {},
  refused: {},
};

/** `index` is the position Ollama gives a call in its answer, which clients echo back. */
export const OLLAMA_FUNCTION_CALL_POLICY: FieldPolicy = {
  carried: ['name', 'arguments'],
  dropped: { index: 'ollama.tool_call_index_dropped' },
  refused: {},
};

export const OLLAMA_TOOL_POLICY: FieldPolicy = {
  carried: ['type', 'function'],
  dropped: {},
  refused: {},
};

export const OLLAMA_FUNCTION_POLICY: FieldPolicy = {
  carried: ['name', 'description', 'parameters'],
  dropped: {},
  refused: {},
};
