import type { FieldPolicy } from '../field-policy.ts';

/**
 * What a Messages request may hold when it is translated to another format, field by field of
 * `MessageCreateParamsBase` (@anthropic-ai/sdk 1.13, API version 2026-10-21) plus the fields of
 * the beta endpoint that Claude Code uses (`/v1/messages?beta=true`). Carried fields are read by
 * the decoder; dropped fields change nothing the client relies on (hints, caching, routing,
 * billing, server-side context editing, tools Anthropic runs); refused ones would.
 */
export const ANTHROPIC_REQUEST_POLICY: FieldPolicy = {
  carried: [
    'model',
    'messages',
    'max_tokens',
    'system',
    'stream',
    'stop_sequences',
    // Not in the 2026-10-21 types any more; clients on older API versions (and Claude Code)
    // still send them, and the other formats have them.
    'temperature',
    'top_p',
    'top_k',
    'tools',
    'tool_choice',
    'thinking',
    'output_config',
    // The beta spelling of `output_config.format`.
    'output_format',
  ],
  dropped: {
    metadata: 'anthropic.metadata_dropped',
    cache_control: 'anthropic.cache_control_dropped',
    service_tier: 'anthropic.service_tier_dropped',
    speed: 'anthropic.speed_dropped',
    inference_geo: 'anthropic.inference_geo_dropped',
    diagnostics: 'anthropic.diagnostics_dropped',
    // The code-execution container: its tools are dropped, so it has nothing to run.
    container: 'anthropic.container_dropped',
    // MCP servers Anthropic connects to are tools Anthropic runs.
    mcp_servers: 'anthropic.server_tool_dropped',
    // Server-side editing of the context (clearing old tool results or thinking, compaction):
    // the other format gets the whole history as sent.
    context_management: 'anthropic.context_management_dropped',
    compaction: 'anthropic.context_management_dropped',
    fallbacks: 'anthropic.fallbacks_dropped',
    fallback_credit_token: 'anthropic.fallbacks_dropped',
    billing_policy: 'anthropic.billing_policy_dropped',
    // Header parameters of the SDK, should a client put them in the body: attribution, and the
    // beta switches whose fields are classified one by one here.
    user_profile_id: 'anthropic.metadata_dropped',
    workspace_id: 'anthropic.metadata_dropped',
    betas: 'anthropic.betas_dropped',
  },
  refused: {
    thread:
      'continuing a server-side thread has no equivalent in another format; send the whole conversation',
  },
};

export const ANTHROPIC_MESSAGE_POLICY: FieldPolicy = {
  carried: ['role', 'content'],
  dropped: {},
  refused: {},
};

const CACHE_CONTROL = { cache_control: 'anthropic.cache_control_dropped' };

export const ANTHROPIC_TEXT_BLOCK_POLICY: FieldPolicy = {
  carried: ['type', 'text'],
  dropped: { ...CACHE_CONTROL, citations: 'anthropic.citations_dropped' },
  refused: {},
};

export const ANTHROPIC_IMAGE_BLOCK_POLICY: FieldPolicy = {
  carried: ['type', 'source'],
  dropped: { ...CACHE_CONTROL, transformations: 'anthropic.image_transformations_dropped' },
  refused: {},
};

export const ANTHROPIC_BASE64_SOURCE_POLICY: FieldPolicy = {
  carried: ['type', 'media_type', 'data'],
  dropped: {},
  refused: {},
};

export const ANTHROPIC_URL_SOURCE_POLICY: FieldPolicy = {
  carried: ['type', 'url'],
  dropped: {},
  refused: {},
};

/** `caller` is carried only to check it is the model itself (see the block decoder). */
export const ANTHROPIC_TOOL_USE_BLOCK_POLICY: FieldPolicy = {
  carried: ['type', 'id', 'name', 'input', 'caller'],
  dropped: { ...CACHE_CONTROL, toolset_name: 'anthropic.toolset_name_dropped' },
  refused: {},
};

export const ANTHROPIC_TOOL_RESULT_BLOCK_POLICY: FieldPolicy = {
  carried: ['type', 'tool_use_id', 'content', 'is_error'],
  dropped: { ...CACHE_CONTROL, toolset_name: 'anthropic.toolset_name_dropped' },
  refused: {},
};

export const ANTHROPIC_THINKING_BLOCK_POLICY: FieldPolicy = {
  carried: ['type', 'thinking', 'signature'],
  dropped: {},
  refused: {},
};

export const ANTHROPIC_REDACTED_THINKING_BLOCK_POLICY: FieldPolicy = {
  carried: ['type', 'data'],
  dropped: {},
  refused: {},
};

/** A custom tool (`type` absent, null or `custom`). */
export const ANTHROPIC_TOOL_POLICY: FieldPolicy = {
  carried: ['type', 'name', 'description', 'input_schema', 'strict'],
  dropped: {
    ...CACHE_CONTROL,
    eager_input_streaming: 'anthropic.eager_input_streaming_dropped',
    input_examples: 'anthropic.tool_input_examples_dropped',
    // Tools loaded only through Anthropic's tool search are declared up front instead.
    defer_loading: 'anthropic.defer_loading_dropped',
    allowed_callers: 'anthropic.allowed_callers_dropped',
  },
  refused: {},
};

export const ANTHROPIC_TOOL_CHOICE_POLICY: FieldPolicy = {
  carried: ['type', 'name', 'disable_parallel_tool_use'],
  dropped: {},
  refused: {},
};

export const ANTHROPIC_THINKING_POLICY: FieldPolicy = {
  carried: ['type', 'budget_tokens', 'display'],
  dropped: {},
  refused: {},
};

export const ANTHROPIC_OUTPUT_CONFIG_POLICY: FieldPolicy = {
  carried: ['effort', 'format'],
  dropped: { task_budget: 'anthropic.task_budget_dropped' },
  refused: {},
};

export const ANTHROPIC_OUTPUT_FORMAT_POLICY: FieldPolicy = {
  carried: ['type', 'schema'],
  dropped: {},
  refused: {},
};
