/**
 * The generation formats the gateway speaks, on both sides: the one list main, renderer and
 * bench share. Each has the short label users know it by (badges, tables), the longer name that
 * says whose API it is (wherever a format is named in a sentence), and the upstream catalog's
 * marker for it (new-api's `supported_endpoint_types` value). The first is the default: the
 * format of a model the upstream lists without markers, and the shape of discovery answers to
 * clients that say nothing of theirs. A format whose clients usually send no key names the client
 * its token-less requests are logged under (`withoutToken`), for the user who allows them.
 */
interface FormatEntry {
  label: string;
  name: string;
  marker: string;
  withoutToken?: string;
}

const FORMATS = {
  chat: { label: 'chat-completions', name: 'OpenAI chat-completions', marker: 'openai' },
  responses: { label: 'responses', name: 'OpenAI responses', marker: 'openai-response' },
  gemini: { label: 'native', name: 'Gemini native (generateContent)', marker: 'gemini' },
  anthropic: { label: 'Messages', name: 'Anthropic Messages', marker: 'anthropic' },
  ollama: {
    label: 'Ollama',
    name: 'Ollama API',
    marker: 'ollama',
    withoutToken: 'ollama (no token)',
  },
} as const satisfies Record<string, FormatEntry>;

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

/**
 * The client name of each format's requests that came without a token, for the formats whose
 * clients the user may let in without one (Settings); no other format may.
 */
export const CLIENT_WITHOUT_TOKEN: Readonly<Partial<Record<WireFormat, string>>> =
  Object.fromEntries(
    WIRE_FORMATS.flatMap((format) => {
      const entry: FormatEntry = FORMATS[format];
      return entry.withoutToken === undefined ? [] : [[format, entry.withoutToken]];
    }),
  );

/** The formats whose clients may be let in without a token. */
export const TOKENLESS_FORMATS: readonly WireFormat[] = WIRE_FORMATS.filter(
  (format) => CLIENT_WITHOUT_TOKEN[format] !== undefined,
);
