import type { CanonicalUsage } from '../canonical/canonical-response.ts';
import { tryParseJson } from '../canonical/json.ts';
import type { FormatCodec } from '../canonical/format-codec.ts';
import { outputChars } from './output-chars.ts';
import { scratchContext } from './scratch-context.ts';

export interface BodyUsage {
  usage: CanonicalUsage | undefined;
  outputChars: number;
}

/** Usage of a passed-through, non-streamed answer, read with the format's own decoder. */
export function bodyUsage(codec: FormatCodec, body: string): BodyUsage {
  const parsed = tryParseJson(body);
  if (parsed === undefined) return { usage: undefined, outputChars: 0 };
  try {
    const response = codec.decodeResponse(parsed, scratchContext());
    return { usage: response.usage, outputChars: outputChars(response) };
  } catch {
    return { usage: undefined, outputChars: 0 };
  }
}
