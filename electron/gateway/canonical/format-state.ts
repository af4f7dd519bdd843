import type { WireFormat } from '../../../shared/wire-formats.ts';
import type { CanonicalPart } from './canonical-request.ts';
import type { CanonicalStreamEvent } from './canonical-stream.ts';

/**
 * One format's opaque values on a part or event, under names only that format reads. Values
 * are strings, kept byte-exact, so a stored conversation survives JSON unchanged.
 */
export type FormatStateValues = Readonly<Record<string, string>>;

/**
 * Opaque state (thought signatures, encrypted reasoning, redacted thinking) keyed by the format
 * that produced it, as the AI SDK's provider metadata is: each format reads and writes only its
 * own key, through accessors in its own folder, and passes the others on untouched. Nothing
 * canonical names a format's state, so a new format brings its own without a canonical field.
 */
export type FormatState = Partial<Record<WireFormat, FormatStateValues>>;

/** A part or event that may carry opaque state. */
export interface StateCarrier {
  state?: FormatState;
}

/** What state is read from: any part or event (most kinds carry none), or a carrier. */
export type StateHolder = CanonicalPart | CanonicalStreamEvent | StateCarrier;

const stateOf = (holder: StateHolder): FormatState | undefined =>
  'state' in holder ? holder.state : undefined;

/** The values `format` put on the carrier, if any. */
export const formatStateOf = (
  holder: StateHolder,
  format: WireFormat,
): FormatStateValues | undefined => stateOf(holder)?.[format];

/**
 * A copy of the carrier with `format`'s values replaced by `values`; the carrier itself when
 * there are none to set. Other formats' state is kept.
 */
export function withFormatState<const T extends object>(
  carrier: T & StateCarrier,
  format: WireFormat,
  values: FormatStateValues | undefined,
): T {
  if (values === undefined || Object.keys(values).length === 0) return carrier;
  return { ...carrier, state: { ...carrier.state, [format]: { ...values } } } as T;
}

/** Whether the holder has any format's state. */
export const hasFormatState = (holder: StateHolder): boolean => stateFormats(holder).length > 0;

/** The formats whose state the holder has. */
export function stateFormats(holder: StateHolder): WireFormat[] {
  const state = stateOf(holder);
  if (state === undefined) return [];
  return (Object.keys(state) as WireFormat[]).filter((format) => {
    const values = state[format];
    return values !== undefined && Object.keys(values).length > 0;
  });
}

/** The formats other than `own` whose state the holder has: state `own` cannot send on. */
export const foreignStateFormats = (holder: StateHolder, own: WireFormat): WireFormat[] =>
  stateFormats(holder).filter((format) => format !== own);

/**
 * `from` merged over `into`, value by value (a later value of one name wins, as state arriving
 * on a later stream delta does). New objects; neither argument is changed. Undefined when both
 * hold nothing.
 */
export function mergeFormatState(
  into: FormatState | undefined,
  from: FormatState | undefined,
): FormatState | undefined {
  if (from === undefined) return into;
  const merged: FormatState = { ...into };
  for (const format of Object.keys(from) as WireFormat[]) {
    const values = from[format];
    if (values === undefined) continue;
    merged[format] = { ...merged[format], ...values };
  }
  return Object.keys(merged).length > 0 ? merged : undefined;
}
