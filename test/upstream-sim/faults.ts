/**
 * Fault markers: `[[sim:...]]` anywhere in user text of a generation request, or in
 * the simulator's `faults` string (which acts as if appended to every prompt). Unknown
 * markers are ignored so prompts stay free-form.
 */
export interface FaultSpec {
  /** `[[sim:429]]`, `[[sim:500]]`, `[[sim:502]]`, `[[sim:503]]` (any 4xx/5xx works). */
  status: number | null;
  /** `[[sim:429:retry-after=N]]`; a bare `[[sim:429]]` means 1. */
  retryAfter: number | null;
  /** `[[sim:fail-first=N:STATUS]]`. */
  failFirst: { count: number; status: number } | null;
  /** `[[sim:slow-first-byte=MS]]`. */
  slowFirstByteMs: number | null;
  /** `[[sim:slow-chunks=MS]]`. */
  slowChunksMs: number | null;
  /** `[[sim:cut-after=N]]`. */
  cutAfter: number | null;
  /** `[[sim:error-mid-stream]]`. */
  errorMidStream: boolean;
  /** `[[sim:long=N]]`: a reply of exactly N words. */
  longWords: number | null;
  /** `[[sim:parallel-tools]]`. */
  parallelTools: boolean;
  /** `[[sim:balance]]`: answer as for the broke key. */
  balance: boolean;
  /** `[[sim:cached=N]]`: report N (capped to the input) cached prompt tokens. */
  cachedTokens: number | null;
}

const NO_FAULTS: Readonly<FaultSpec> = Object.freeze({
  status: null,
  retryAfter: null,
  failFirst: null,
  slowFirstByteMs: null,
  slowChunksMs: null,
  cutAfter: null,
  errorMidStream: false,
  longWords: null,
  parallelTools: false,
  balance: false,
  cachedTokens: null,
});

const MARKER = /\[\[sim:([^\]]*)\]\]/g;

type Rule = readonly [RegExp, (spec: FaultSpec, m: RegExpExecArray) => void];

const int = (m: RegExpExecArray, i: number): number => Number.parseInt(m[i] ?? '0', 10);

const RULES: readonly Rule[] = [
  [/^([45]\d\d)$/, (s, m) => void (s.status = int(m, 1))],
  [
    /^429:retry-after=(\d+)$/,
    (s, m) => {
      s.status = 429;
      s.retryAfter = int(m, 1);
    },
  ],
  [
    /^fail-first=(\d+):([45]\d\d)$/,
    (s, m) => void (s.failFirst = { count: int(m, 1), status: int(m, 2) }),
  ],
  [/^slow-first-byte=(\d+)$/, (s, m) => void (s.slowFirstByteMs = int(m, 1))],
  [/^slow-chunks=(\d+)$/, (s, m) => void (s.slowChunksMs = int(m, 1))],
  [/^cut-after=(\d+)$/, (s, m) => void (s.cutAfter = int(m, 1))],
  [/^error-mid-stream$/, (s) => void (s.errorMidStream = true)],
  [/^long=(\d+)$/, (s, m) => void (s.longWords = int(m, 1))],
  [/^parallel-tools$/, (s) => void (s.parallelTools = true)],
  [/^balance$/, (s) => void (s.balance = true)],
  [/^cached=(\d+)$/, (s, m) => void (s.cachedTokens = int(m, 1))],
];

export function parseFaults(text: string): Readonly<FaultSpec> {
  // The hot path: ordinary prompts carry no marker, so skip the regex work entirely.
  if (!text.includes('[[sim:')) return NO_FAULTS;
  const spec: FaultSpec = { ...NO_FAULTS };
  for (const marker of text.matchAll(MARKER)) {
    const body = (marker[1] ?? '').trim();
    for (const [pattern, apply] of RULES) {
      const m = pattern.exec(body);
      if (m) {
        apply(spec, m);
        break;
      }
    }
  }
  if (spec.status === 429 && spec.retryAfter === null) spec.retryAfter = 1;
  return spec;
}

/** Counts attempts of one exact request so `fail-first` lets the (N+1)th through. */
export class AttemptCounter {
  readonly #counts = new Map<string, number>();

  /** Returns the 1-based attempt number of this key. */
  next(key: string): number {
    const n = (this.#counts.get(key) ?? 0) + 1;
    this.#counts.set(key, n);
    return n;
  }
}
