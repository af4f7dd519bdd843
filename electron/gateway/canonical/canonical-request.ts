/**
 * The hub every wire format converts to and from. A field
 * that one format has and this form cannot carry is either handled by a documented rule in the
 * converter (recorded in `ConversionContext.rules`) or refused with a 400 that names it.
 */

import type { FormatState } from './format-state.ts';

export type ImageSource =
  | { kind: 'url'; url: string }
  /** Inline bytes, base64 without the `data:` prefix. */
  | { kind: 'data'; mimeType: string; data: string };

/** An image: in a user turn, or among the images a tool returned. */
export interface CanonicalImagePart {
  type: 'image';
  source: ImageSource;
  detail?: 'auto' | 'low' | 'high' | 'original';
}

export type CanonicalPart =
  | { type: 'text'; text: string }
  | CanonicalImagePart
  /**
   * A function call. `arguments` is JSON text (OpenAI's form); Gemini's object is stringified.
   * `state` is the opaque state a format put on the call (see format-state.ts).
   */
  | { type: 'tool-call'; id: string; name: string; arguments: string; state?: FormatState }
  /**
   * A function result. `content` is its text; JSON results stay JSON text. `images` are the
   * pictures the tool returned (Claude Code reading a screenshot), in order, after the text;
   * absent when there are none. Formats whose results hold text only send them in a user turn
   * right after the tool turn (see tool-result-images.ts).
   */
  | {
      type: 'tool-result';
      callId: string;
      name?: string;
      content: string;
      images?: CanonicalImagePart[];
    }
  /**
   * Reasoning: thought text or a summary. `state` is opaque reasoning state keyed by the format
   * that produced it (format-state.ts), kept byte-exact and never invented; a part may hold
   * only state, with empty text. Formats that cannot send a format's state back leave it out
   * under a rule.
   */
  | { type: 'reasoning'; text: string; state?: FormatState }
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
