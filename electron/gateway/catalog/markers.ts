import type { WireFormat } from '../formats/wire-format.ts';

/** Upstream `supported_endpoint_types` values (UPSTREAM.md) for the formats the gateway speaks. */
const MARKER_FORMAT: Record<string, WireFormat> = {
  openai: 'chat',
  'openai-response': 'responses',
  gemini: 'gemini',
};

export const FORMAT_MARKER: Record<WireFormat, string> = {
  chat: 'openai',
  responses: 'openai-response',
  gemini: 'gemini',
};

/**
 * The generation formats a model supports, in the upstream's order of preference. Markers of
 * other kinds (embeddings, image generation, ...) are listed by discovery but never routed to.
 */
export function formatsFromMarkers(markers: readonly string[]): WireFormat[] {
  const formats: WireFormat[] = [];
  for (const marker of markers) {
    const format = MARKER_FORMAT[marker];
    if (format && !formats.includes(format)) formats.push(format);
  }
  return formats;
}
