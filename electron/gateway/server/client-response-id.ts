import { newId } from '../canonical/ids.ts';
import type { WireFormat } from '../formats/wire-format.ts';

/** The id a client sees for a translated answer, in its format's style. */
export function clientResponseId(format: WireFormat): string {
  if (format === 'chat') return newId('chatcmpl-');
  if (format === 'responses') return newId('resp_');
  return newId('');
}
