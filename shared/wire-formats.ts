/**
 * The generation formats the gateway speaks, on both sides: the one list main and renderer
 * share. The first is the default: the format of a model the upstream lists without markers, and
 * the shape of discovery answers to clients that say nothing of theirs.
 */
export const WIRE_FORMATS = ['chat', 'responses', 'gemini'] as const;

export type WireFormat = (typeof WIRE_FORMATS)[number];

/** What users call each format. */
export const FORMAT_LABEL: Readonly<Record<WireFormat, string>> = {
  chat: 'chat-completions',
  responses: 'responses',
  gemini: 'native',
};
