import type { FieldPolicy } from '../field-policy.ts';

/**
 * What a chat request may hold when it is translated to another format.
 * "Carried" fields are read by the decoder (some only to check a value it can honour, such as
 * `n: 1` or `logprobs: false`); dropped fields are hints with no effect on the answer's meaning.
 */
export const CHAT_REQUEST_POLICY: FieldPolicy = {
  carried: [
    'model',
    'messages',
    'stream',
    'stream_options',
    'temperature',
    'top_p',
    'max_completion_tokens',
    'max_tokens',
    'stop',
    'seed',
    'n',
    'tools',
    'tool_choice',
    'parallel_tool_calls',
    'response_format',
    'reasoning_effort',
    'presence_penalty',
    'frequency_penalty',
    'logprobs',
    'modalities',
  ],
  dropped: {
    user: 'chat.user_dropped',
    metadata: 'chat.metadata_dropped',
    store: 'chat.store_dropped',
    service_tier: 'chat.service_tier_dropped',
    prompt_cache_key: 'chat.prompt_cache_key_dropped',
    safety_identifier: 'chat.safety_identifier_dropped',
    verbosity: 'chat.verbosity_dropped',
    prompt_cache_options: 'chat.prompt_cache_key_dropped',
    prompt_cache_retention: 'chat.prompt_cache_key_dropped',
    // A hosted tool: OpenAI runs the search; a model reached through another format cannot.
    web_search_options: 'chat.web_search_dropped',
  },
  refused: {
    logit_bias: 'token biases are tied to one tokenizer; the other formats have no logit bias.',
    top_logprobs: 'log probabilities are not translated between formats.',
    audio: 'audio output is only available on models that speak chat-completions.',
    prediction: 'predicted outputs exist only on chat-completions.',
    functions: 'the legacy functions field is not translated; use tools.',
    function_call: 'the legacy function_call field is not translated; use tool_choice.',
  },
};

export const CHAT_STREAM_OPTIONS_POLICY: FieldPolicy = {
  carried: ['include_usage'],
  dropped: { include_obfuscation: 'chat.include_obfuscation_dropped' },
  refused: {},
};

const NAME_DROPPED = { name: 'chat.message_name_dropped' };

/** Per-role message fields. */
export const CHAT_MESSAGE_POLICY: Readonly<Record<string, FieldPolicy>> = {
  system: { carried: ['role', 'content'], dropped: NAME_DROPPED, refused: {} },
  developer: { carried: ['role', 'content'], dropped: NAME_DROPPED, refused: {} },
  user: { carried: ['role', 'content'], dropped: NAME_DROPPED, refused: {} },
  assistant: {
    carried: ['role', 'content', 'refusal', 'tool_calls', 'reasoning_content'],
    dropped: NAME_DROPPED,
    refused: {
      audio: 'audio answers in the history cannot be translated.',
      function_call: 'the legacy function_call field is not translated; use tool_calls.',
    },
  },
  // LangChain's `ToolMessage` (what `tool.invoke(toolCall)` returns) names its tool.
  tool: { carried: ['role', 'content', 'tool_call_id'], dropped: NAME_DROPPED, refused: {} },
};

export const CHAT_TEXT_PART_POLICY: FieldPolicy = {
  carried: ['type', 'text'],
  dropped: {},
  refused: {},
};

export const CHAT_REFUSAL_PART_POLICY: FieldPolicy = {
  carried: ['type', 'refusal'],
  dropped: {},
  refused: {},
};

export const CHAT_IMAGE_PART_POLICY: FieldPolicy = {
  carried: ['type', 'image_url'],
  dropped: {},
  refused: {},
};

export const CHAT_IMAGE_URL_POLICY: FieldPolicy = {
  carried: ['url', 'detail'],
  dropped: {},
  refused: {},
};

/** A replayed tool call; `index` is a streaming artefact some clients echo back. */
export const CHAT_TOOL_CALL_POLICY: FieldPolicy = {
  carried: ['id', 'type', 'function'],
  dropped: { index: 'chat.tool_call_index_dropped' },
  refused: {},
};

export const CHAT_FUNCTION_CALL_POLICY: FieldPolicy = {
  carried: ['name', 'arguments'],
  dropped: {},
  refused: {},
};

export const CHAT_TOOL_POLICY: FieldPolicy = {
  carried: ['type', 'function'],
  dropped: {},
  refused: {},
};

export const CHAT_FUNCTION_POLICY: FieldPolicy = {
  carried: ['name', 'description', 'parameters', 'strict'],
  dropped: {},
  refused: {},
};
