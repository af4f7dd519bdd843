import type { FormatCodec } from '../canonical/format-codec.ts';
import { chatCodec } from './chat/chat-codec.ts';
import { geminiCodec } from './gemini/gemini-codec.ts';
import { responsesCodec } from './responses/responses-codec.ts';
import type { WireFormat } from './wire-format.ts';

export const CODECS: Record<WireFormat, FormatCodec> = {
  chat: chatCodec,
  responses: responsesCodec,
  gemini: geminiCodec,
};
