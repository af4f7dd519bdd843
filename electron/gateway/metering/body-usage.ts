import type { CanonicalUsage } from '../canonical/canonical-response.ts';
import { tryParseJson } from '../canonical/json.ts';
import { CODECS } from '../formats/codecs.ts';
import type { WireFormat } from '../formats/wire-format.ts';
import { outputChars } from './output-chars.ts';
import { scratchContext } from './scratch-context.ts';

export interface BodyUsage {
  usage: CanonicalUsage | undefined;
  outputChars: number;
}

/** Usage of a passed-through, non-streamed answer, read with the format's own decoder. */
export function bodyUsage(format: WireFormat, body: string): BodyUsage {
  const parsed = tryParseJson(body);
  if (parsed === undefined) return { usage: undefined, outputChars: 0 };
  try {
    const response = CODECS[format].decodeResponse(parsed, scratchContext());
    return { usage: response.usage, outputChars: outputChars(response) };
  } catch {
    return { usage: undefined, outputChars: 0 };
  }
}
