import { isRecord } from '../../canonical/json.ts';

type Segment = string | number;

/** `$.a.b[0]['c d']` → ['a', 'b', 0, 'c d'] (the RFC 9535 subset Vertex sends); undefined if unreadable. */
export function parseJsonPath(path: string): Segment[] | undefined {
  if (!path.startsWith('$')) return undefined;
  const segments: Segment[] = [];
  let rest = path.slice(1);
  while (rest !== '') {
    const member = /^\.([^.[\]]+)/.exec(rest);
    const index = /^\[(\d+)\]/.exec(rest);
    const quoted = /^\[(?:'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)")\]/.exec(rest);
    if (member?.[1] !== undefined) segments.push(member[1]);
    else if (index?.[1] !== undefined) segments.push(Number(index[1]));
    else if (quoted) segments.push((quoted[1] ?? quoted[2] ?? '').replace(/\\(.)/g, '$1'));
    else return undefined;
    rest = rest.slice((member ?? index ?? quoted)?.[0].length ?? rest.length);
  }
  return segments;
}

/**
 * Rebuilds the `args` object of a Vertex call streamed as `partialArgs`
 * (`{jsonPath, stringValue|numberValue|boolValue|nullValue, willContinue}`). A string whose
 * piece said `willContinue` is continued by the next piece for the same path.
 */
export class PartialArgs {
  private readonly root: Record<string, unknown> = {};
  private readonly continuing = new Set<string>();

  /** Applies one piece; false when it cannot be read (no path, or no value). */
  apply(piece: unknown): boolean {
    if (!isRecord(piece) || typeof piece.jsonPath !== 'string') return false;
    const path = parseJsonPath(piece.jsonPath);
    if (path === undefined || path.length === 0) return false;
    let value: unknown;
    if (typeof piece.stringValue === 'string') value = piece.stringValue;
    else if (typeof piece.numberValue === 'number') value = piece.numberValue;
    else if (typeof piece.boolValue === 'boolean') value = piece.boolValue;
    else if (piece.nullValue !== undefined) value = null;
    else return false;

    const key = piece.jsonPath;
    const parent = this.containerFor(path);
    const last = path[path.length - 1] as Segment;
    const existing = (parent as Record<Segment, unknown>)[last];
    (parent as Record<Segment, unknown>)[last] =
      this.continuing.has(key) && typeof existing === 'string' && typeof value === 'string'
        ? existing + value
        : value;
    if (piece.willContinue === true) this.continuing.add(key);
    else this.continuing.delete(key);
    return true;
  }

  value(): Record<string, unknown> {
    return this.root;
  }

  private containerFor(path: Segment[]): Record<string, unknown> | unknown[] {
    let node: Record<string, unknown> | unknown[] = this.root;
    for (let i = 0; i < path.length - 1; i++) {
      const segment = path[i] as Segment;
      const nextIsIndex = typeof path[i + 1] === 'number';
      const slot = node as Record<Segment, unknown>;
      const child = slot[segment];
      if (typeof child === 'object' && child !== null) {
        node = child as Record<string, unknown> | unknown[];
      } else {
        const created: Record<string, unknown> | unknown[] = nextIsIndex ? [] : {};
        slot[segment] = created;
        node = created;
      }
    }
    return node;
  }
}
