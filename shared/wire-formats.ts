/**
 * The generation formats the gateway speaks, on both sides: the one list main, renderer and
 * bench share. Each has the short label users know it by (badges, tables), the longer name that
 * says whose API it is (wherever a format is named in a sentence), and the upstream catalog's
 * marker for it (new-api's `supported_endpoint_types` value). The first is the default: the
 * format of a model the upstream lists without markers, and the shape of discovery answers to
 * clients that say nothing of theirs.
 */
const FORMATS = {
  chat: { label: 'chat-completions', name: 'OpenAI chat-completions', marker: 'openai' },
  responses: { label: 'responses', name: 'OpenAI responses', marker: 'openai-response' },
  gemini: { label: 'native', name: 'Gemini native (generateContent)', marker: 'gemini' },
  anthropic: { label: 'Messages', name: 'Anthropic Messages', marker: 'anthropic' },
} as const;

export type WireFormat = keyof typeof FORMATS;

export const WIRE_FORMATS = Object.keys(FORMATS) as readonly WireFormat[];

/** The short label of each format (`native`), for badges and tables where the context says more. */
export const FORMAT_LABEL: Readonly<Record<WireFormat, string>> = Object.fromEntries(
  WIRE_FORMATS.map((format) => [format, FORMATS[format].label]),
) as Record<WireFormat, string>;

/** The display name of each format (`Gemini native (generateContent)`), for a format named alone. */
export const FORMAT_NAME: Readonly<Record<WireFormat, string>> = Object.fromEntries(
  WIRE_FORMATS.map((format) => [format, FORMATS[format].name]),
) as Record<WireFormat, string>;

export const FORMAT_MARKER: Readonly<Record<WireFormat, string>> = Object.fromEntries(
  WIRE_FORMATS.map((format) => [format, FORMATS[format].marker]),
) as Record<WireFormat, string>;
