/** The three generation formats the gateway speaks, on both sides. */
export type WireFormat = 'chat' | 'responses' | 'gemini';

export const WIRE_FORMATS: readonly WireFormat[] = ['chat', 'responses', 'gemini'];

/** Human names, as the SPEC and the UI use them. */
export const FORMAT_LABEL: Record<WireFormat, string> = {
  chat: 'chat-completions',
  responses: 'responses',
  gemini: 'native generateContent',
};
