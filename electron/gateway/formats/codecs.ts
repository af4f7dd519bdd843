import type { FormatCodec } from '../canonical/format-codec.ts';
import { WIRE_FORMATS, type WireFormat } from '../../../shared/wire-formats.ts';
import { anthropicCodec } from './anthropic/anthropic-codec.ts';
import { chatCodec } from './chat/chat-codec.ts';
import { geminiCodec } from './gemini/gemini-codec.ts';
import { ollamaCodec } from './ollama/ollama-codec.ts';
import { responsesCodec } from './responses/responses-codec.ts';

/** The registry: one line per format. Everything else asks a codec from here. */
export const CODECS: Readonly<Record<WireFormat, FormatCodec>> = {
  chat: chatCodec,
  responses: responsesCodec,
  gemini: geminiCodec,
  anthropic: anthropicCodec,
  ollama: ollamaCodec,
};

/** Every codec, in the shared list's order. */
export const CODEC_LIST: readonly FormatCodec[] = WIRE_FORMATS.map((format) => CODECS[format]);

const [first] = CODEC_LIST;
if (first === undefined) throw new Error('No wire format is registered.');

/** The first format of the list: the one a path or a list says nothing about is answered in. */
export const DEFAULT_CODEC: FormatCodec = first;

/** The codec whose paths these are, for answers (errors above all) on paths no route serves. */
export const codecForPath = (pathname: string): FormatCodec =>
  CODEC_LIST.find((codec) => codec.ownsPath(pathname)) ?? DEFAULT_CODEC;

/** Every place any format's clients put a local token, for routes every client may call. */
export const ALL_TOKEN_SOURCES = CODEC_LIST.flatMap((codec) => codec.tokenSources);
