import {
  formatStateOf,
  withFormatState,
  type StateCarrier,
  type StateHolder,
} from '../../canonical/format-state.ts';

/**
 * Anthropic's opaque state on canonical reasoning, under the `anthropic` key of its `state`,
 * byte-exact: a `thinking` block's `signature`, or a `redacted_thinking` block's `data` (such a
 * part has no text). Only these read or write it.
 */
const SIGNATURE = 'signature';
const REDACTED = 'redacted_thinking';

/** The signature of the thinking block the part or event stands for. */
export const anthropicSignature = (holder: StateHolder): string | undefined =>
  formatStateOf(holder, 'anthropic')?.[SIGNATURE];

/** The data of the redacted thinking block the part or event stands for. */
export const anthropicRedacted = (holder: StateHolder): string | undefined =>
  formatStateOf(holder, 'anthropic')?.[REDACTED];

/** Whether the part or event holds a thinking block's signature or redacted thinking. */
export const hasAnthropicThinking = (holder: StateHolder): boolean =>
  anthropicSignature(holder) !== undefined || anthropicRedacted(holder) !== undefined;

/** A copy of the carrier holding a thinking block's signature; itself when there is none. */
export const withAnthropicSignature = <const T extends object>(
  carrier: T & StateCarrier,
  signature: string | undefined,
): T =>
  signature === undefined
    ? carrier
    : withFormatState(carrier, 'anthropic', { [SIGNATURE]: signature });

/** A copy of the carrier holding a redacted thinking block's data. */
export const withAnthropicRedacted = <const T extends object>(
  carrier: T & StateCarrier,
  data: string,
): T => withFormatState(carrier, 'anthropic', { [REDACTED]: data });
