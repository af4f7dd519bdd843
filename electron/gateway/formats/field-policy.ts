import { addDropped, type ConversionContext } from '../canonical/conversion-context.ts';
import { badRequest } from '../canonical/gateway-error.ts';

/**
 * What a request decoder does with each top-level field of its format when translating:
 * carry it into the canonical form, drop it under a documented rule (hints with no effect on the
 * answer's meaning), or refuse it with a 400 that says why. A field in none of the lists is
 * refused too: nothing is dropped silently.
 */
export interface FieldPolicy {
  carried: readonly string[];
  /** field → rule id recorded when the field is present (README "Translation rules"). */
  dropped: Readonly<Record<string, string>>;
  /** field → reason shown to the client. */
  refused: Readonly<Record<string, string>>;
}

export function applyFieldPolicy(
  body: Record<string, unknown>,
  policy: FieldPolicy,
  ctx: ConversionContext,
  where = '',
): void {
  for (const [field, value] of Object.entries(body)) {
    if (value === undefined || value === null) continue;
    if (policy.carried.includes(field)) continue;
    const param = where ? `${where}.${field}` : field;
    const rule = policy.dropped[field];
    if (rule !== undefined) {
      addDropped(ctx, param, rule);
      continue;
    }
    const reason = policy.refused[field];
    if (reason !== undefined)
      throw badRequest(
        `'${param}' cannot be translated: ${reason}`,
        param,
        'unsupported_parameter',
      );
    throw badRequest(
      `'${param}' is not supported when this model is reached through another format; the gateway does not drop fields silently.`,
      param,
      'unsupported_parameter',
    );
  }
}
