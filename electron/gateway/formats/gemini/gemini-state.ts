import {
  formatStateOf,
  withFormatState,
  type StateCarrier,
  type StateHolder,
} from '../../canonical/format-state.ts';

/**
 * Gemini's opaque state on canonical parts and events, under the `gemini` key of their `state`:
 * a `thoughtSignature`, byte-exact, on a function call or on reasoning (a thought, or an empty
 * part holding the signature of the answer text before it). Only these read or write it.
 */
const SIGNATURE = 'thoughtSignature';

/** The Gemini thought signature the part or event holds. */
export const geminiSignature = (holder: StateHolder): string | undefined =>
  formatStateOf(holder, 'gemini')?.[SIGNATURE];

/** A copy of the carrier holding `signature`; the carrier itself when there is none. */
export const withGeminiSignature = <const T extends object>(
  carrier: T & StateCarrier,
  signature: string | undefined,
): T =>
  signature === undefined
    ? carrier
    : withFormatState(carrier, 'gemini', { [SIGNATURE]: signature });
