import type { CanonicalMessage, CanonicalPart } from '../../canonical/canonical-request.ts';
import type { ConversionContext } from '../../canonical/conversion-context.ts';
import { badRequest } from '../../canonical/gateway-error.ts';
import { applyFieldPolicy, type FieldPolicy } from '../field-policy.ts';
import { geminiPartToCanonical, type Role } from './gemini-part-to-canonical.ts';
import { optionalString, readArray, readObject } from './gemini-request-values.ts';

const CONTENT_POLICY: FieldPolicy = { carried: ['role', 'parts'], dropped: {}, refused: {} };

/** The calls of the latest model turn, for answering function responses that carry no id. */
class PendingCalls {
  private calls: { id: string; name: string }[] = [];
  private readonly answered = new Map<string, number>();

  reset(): void {
    this.calls = [];
    this.answered.clear();
  }

  add(id: string, name: string): void {
    this.calls.push({ id, name });
  }

  /** The k-th response named X answers the k-th call named X. */
  answer(name: string, id: string | undefined): string | undefined {
    if (id !== undefined && this.calls.some((call) => call.id === id)) return id;
    const k = this.answered.get(name) ?? 0;
    const call = this.calls.filter((c) => c.name === name)[k];
    if (call === undefined) return id;
    this.answered.set(name, k + 1);
    return call.id;
  }
}

/**
 * `contents` → canonical turns. A user content's function responses become a tool turn placed
 * before the rest of that content (OpenAI wants results right after the calls); consecutive
 * turns of one role are merged.
 */
export function geminiContentsToCanonical(
  value: unknown,
  ctx: ConversionContext,
): CanonicalMessage[] {
  const messages: CanonicalMessage[] = [];
  const pending = new PendingCalls();
  let previousRole: Role | undefined;

  readArray(value, 'contents').forEach((raw, i) => {
    const where = `contents.${i}`;
    const content = readObject(raw, where);
    applyFieldPolicy(content, CONTENT_POLICY, ctx, where);
    const role = readRole(content.role, `${where}.role`);
    const rawParts = readArray(content.parts ?? [], `${where}.parts`);
    if (role === 'model' && previousRole !== 'model') pending.reset();
    previousRole = role;

    const parts: CanonicalPart[] = [];
    const results: CanonicalPart[] = [];
    rawParts.forEach((rawPart, j) => {
      const partWhere = `${where}.parts.${j}`;
      const decoded = geminiPartToCanonical(rawPart, role, partWhere, ctx);
      if (decoded.kind === 'parts') {
        for (const part of decoded.parts) {
          if (part.type === 'tool-call') pending.add(part.id, part.name);
          parts.push(part);
        }
        return;
      }
      const callId = pending.answer(decoded.name, decoded.id);
      if (callId === undefined) {
        throw badRequest(
          `'${partWhere}.functionResponse' answers no functionCall named '${decoded.name}' in the model turn before it.`,
          `${partWhere}.functionResponse`,
        );
      }
      results.push({
        type: 'tool-result',
        callId,
        name: decoded.name,
        content: decoded.content,
        ...(decoded.images.length > 0 ? { images: decoded.images } : {}),
      });
    });

    if (results.length > 0) append(messages, { role: 'tool', parts: results });
    if (parts.length > 0)
      append(messages, { role: role === 'model' ? 'assistant' : 'user', parts });
  });
  return messages;
}

function readRole(value: unknown, param: string): Role {
  const role = optionalString(value, param);
  // `function` is the role older v1beta samples give to function-response contents.
  if (role === undefined || role === '' || role === 'user' || role === 'function') return 'user';
  if (role === 'model') return 'model';
  throw badRequest(`Invalid field '${param}': expected 'user' or 'model'.`, param);
}

function append(messages: CanonicalMessage[], message: CanonicalMessage): void {
  const last = messages.at(-1);
  if (last && last.role === message.role) last.parts.push(...message.parts);
  else messages.push(message);
}
