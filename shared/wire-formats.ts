/**
 * The generation formats the gateway speaks, on both sides: the one list main, renderer and
 * bench share. Each has the name users know it by and the upstream catalog's marker for it
 * (new-api's `supported_endpoint_types` value). The first is the default: the format of a
 * model the upstream lists without markers, and the shape of discovery answers to clients that
 * say nothing of theirs.
 */
const FORMATS = {
  chat: { label: 'chat-completions', marker: 'openai' },
  responses: { label: 'responses', marker: 'openai-response' },
  gemini: { label: 'native', marker: 'gemini' },
  anthropic: { label: 'Messages', marker: 'anthropic' },
} as const;

export type WireFormat = keyof typeof FORMATS;

export const WIRE_FORMATS = Object.keys(FORMATS) as readonly WireFormat[];

export const FORMAT_LABEL: Readonly<Record<WireFormat, string>> = Object.fromEntries(
  WIRE_FORMATS.map((format) => [format, FORMATS[format].label]),
) as Record<WireFormat, string>;

export const FORMAT_MARKER: Readonly<Record<WireFormat, string>> = Object.fromEntries(
  WIRE_FORMATS.map((format) => [format, FORMATS[format].marker]),
) as Record<WireFormat, string>;
