import {
  formatStateOf,
  withFormatState,
  type StateCarrier,
  type StateHolder,
} from '../../canonical/format-state.ts';

/**
 * The responses format's opaque state on canonical reasoning, under the `responses` key of its
 * `state`: a reasoning item's `encrypted_content`, byte-exact, and the id of the item it was
 * issued for (the upstream decrypts it only under that id). Only these read or write it.
 */
export interface ResponsesReasoningState {
  encrypted?: string;
  id?: string;
}

const ENCRYPTED = 'encrypted_content';
const ID = 'id';

/** The encrypted reasoning the part or event holds, with its item id; `{}` when none. */
export function responsesReasoning(holder: StateHolder): ResponsesReasoningState {
  const values = formatStateOf(holder, 'responses');
  const encrypted = values?.[ENCRYPTED];
  if (encrypted === undefined) return {};
  const id = values?.[ID];
  return id === undefined ? { encrypted } : { encrypted, id };
}

/**
 * A copy of the carrier holding encrypted reasoning and its item id; the carrier itself without
 * encrypted content, since an item id alone is nothing a later turn can use.
 */
export function withResponsesReasoning<const T extends object>(
  carrier: T & StateCarrier,
  encrypted: string | undefined,
  id: string | undefined,
): T {
  if (encrypted === undefined) return carrier;
  return withFormatState(carrier, 'responses', {
    [ENCRYPTED]: encrypted,
    ...(id === undefined ? {} : { [ID]: id }),
  });
}
