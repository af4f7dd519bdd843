import type { WireFormat } from '../../../shared/wire-formats.ts';
import { CODEC_LIST, CODECS, DEFAULT_CODEC } from '../formats/codecs.ts';

/**
 * The generation formats a model supports, from the upstream's `supported_endpoint_types` in its
 * order of preference. Markers of other kinds (embeddings, image generation, ...) are listed by
 * discovery but never routed to.
 */
export function formatsFromMarkers(markers: readonly string[]): WireFormat[] {
  const formats: WireFormat[] = [];
  for (const marker of markers) {
    const format = CODEC_LIST.find((codec) => codec.marker === marker)?.format;
    if (format && !formats.includes(format)) formats.push(format);
  }
  return formats;
}

/** The markers that say a model speaks these formats. */
export const markersOf = (formats: readonly WireFormat[]): string[] =>
  formats.map((format) => CODECS[format].marker);

/** A model the upstream lists without markers is taken to speak the default format. */
export const fallbackFormats = (): WireFormat[] => [DEFAULT_CODEC.format];
