/**
 * The hub every wire format converts to and from. A field
 * that one format has and this form cannot carry is either handled by a documented rule in the
 * converter (recorded in `ConversionContext.rules`) or refused with a 400 that names it.
 */

export type ImageSource =
  | { kind: 'url'; url: string }
  /** Inline bytes, base64 without the `data:` prefix. */
  | { kind: 'data'; mimeType: string; data: string };

export type CanonicalPart =
  | { type: 'text'; text: string }
  | { type: 'image'; source: ImageSource; detail?: 'auto' | 'low' | 'high' | 'original' }
  /**
   * A function call. `arguments` is JSON text (OpenAI's form); Gemini's object is stringified.
   * `signature` is Gemini's `thoughtSignature` on this call, kept byte-exact.
   */
  | { type: 'tool-call'; id: string; name: string; arguments: string; signature?: string }
  /** A function result. `content` is text; JSON results stay JSON text. */
  | { type: 'tool-result'; callId: string; name?: string; content: string }
  /**
   * Reasoning: thought text or a summary. `signature` (Gemini) and `encrypted` (responses
   * `encrypted_content`, with the item `id`) are opaque state, kept byte-exact, never invented.
   * Anthropic's own state: `thinkingSignature` is a `thinking` block's `signature`, `redacted`
   * a `redacted_thinking` block's `data` (such a part has no text). Formats that cannot send
   * a field back leave it out under a rule.
   */
  | {
      type: 'reasoning';
      text: string;
      signature?: string;
      encrypted?: string;
      id?: string;
      thinkingSignature?: string;
      redacted?: string;
    }
  /** An assistant refusal (OpenAI); other formats get it as text. */
  | { type: 'refusal'; text: string };

type CanonicalRole = 'system' | 'user' | 'assistant' | 'tool';

/**
 * One turn. `tool` turns hold only `tool-result` parts; `assistant` turns hold text, tool-call,
 * reasoning and refusal parts; `system` turns appear only mid-conversation (leading system text
 * is `CanonicalRequest.system`).
 */
export interface CanonicalMessage {
  role: CanonicalRole;
  parts: CanonicalPart[];
}

export interface CanonicalTool {
  /** The name the model sees and calls; unique in the request. */
  name: string;
  description?: string;
  /** JSON Schema (lower-case types). Gemini's OpenAPI-subset `parameters` are converted to it. */
  parameters?: Record<string, unknown>;
  strict?: boolean;
  /**
   * Set when the client declared the tool in a shape other formats lack: a free-form `custom`
   * tool (carried as a function whose one string argument is `input`), or a function inside a
   * `namespace` (carried under a flattened name). Calls go back to that client in its shape.
   */
  declared?: DeclaredTool;
}

export interface DeclaredTool {
  kind: 'function' | 'custom';
  /** The tool's own name, without its namespace. */
  name: string;
  namespace?: string;
}

export type CanonicalToolChoice =
  | { type: 'auto' }
  | { type: 'none' }
  | { type: 'required' }
  | { type: 'tool'; name: string }
  /** A subset of tools the model may call; `mode` says whether it must call one. */
  | { type: 'allowed'; mode: 'auto' | 'required'; names: string[] };

export type CanonicalResponseFormat =
  | { type: 'text' }
  | { type: 'json' }
  | {
      type: 'json-schema';
      schema: Record<string, unknown>;
      name?: string;
      description?: string;
      strict?: boolean;
    };

export type ReasoningEffort = 'none' | 'minimal' | 'low' | 'medium' | 'high' | 'xhigh' | 'max';

export interface CanonicalReasoning {
  effort?: ReasoningEffort;
  /** Gemini `thinkingBudget` in tokens (0 = off, -1 = dynamic). */
  budgetTokens?: number;
  /** The client wants thought / summary content back (Gemini `includeThoughts`, responses `reasoning.summary`). */
  includeThoughts?: boolean;
}

export interface CanonicalSampling {
  temperature?: number;
  topP?: number;
  topK?: number;
  /** The cap on output tokens, reasoning included. */
  maxOutputTokens?: number;
  stop?: string[];
  seed?: number;
  presencePenalty?: number;
  frequencyPenalty?: number;
}

export interface CanonicalRequest {
  model: string;
  /** Leading system / developer / instructions / systemInstruction text, joined with blank lines. */
  system?: string;
  messages: CanonicalMessage[];
  tools?: CanonicalTool[];
  toolChoice?: CanonicalToolChoice;
  parallelToolCalls?: boolean;
  sampling: CanonicalSampling;
  responseFormat?: CanonicalResponseFormat;
  reasoning?: CanonicalReasoning;
  stream: boolean;
  /** Chat clients: the usage chunk was asked for (`stream_options.include_usage`). */
  streamIncludeUsage?: boolean;
}
