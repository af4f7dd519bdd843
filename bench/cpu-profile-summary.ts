import { relative } from 'node:path';
import { ROOT } from './spawn-services.ts';

/** The parts of a V8 `.cpuprofile` (as `node --cpu-prof` writes it) that the summary reads. */
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
export interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

interface FunctionCost {
  /** `name (file:line)`. */
  name: string;
  category: string;
  /** Share of the busy (non-idle) time, 0..1. */
  self: number;
  /** Share of busy time with this function anywhere on the stack (recursion counted once). */
  total: number;
}

/**
 * Named costs the report follows from run to run: each is the share of busy time spent in the
 * matching functions, `total` (inclusive, the largest match) or `self` (summed).
 */
const WATCHED: readonly { name: string; how: 'total' | 'self'; match: RegExp }[] = [
  {
    name: 'request log: SQLite inserts and their batched commits',
    how: 'total',
    match: /^flush \(electron\/store\/request-log-writer\.ts/,
  },
  {
    name: 'settings read from SQLite on every request (body capture on?)',
    how: 'total',
    match: /^get \(electron\/store\/settings-repo\.ts/,
  },
  {
    name: 'random ids: randomBytes() per id (a getrandom syscall)',
    how: 'self',
    match: /^randomFillSync /,
  },
  {
    name: 'socket write syscalls (client and upstream side)',
    how: 'self',
    match: /^(writev|writeUtf8String|writeLatin1String|writeBuffer|writeAsciiString)$/,
  },
  {
    name: 'local token check (SHA-256 per authenticator)',
    how: 'total',
    match: /^verify \(electron\/gateway\/server\/local-auth\.ts/,
  },
  { name: 'garbage collection', how: 'self', match: /^\(garbage collector\)$/ },
  {
    name: 'envelope check (zod)',
    how: 'total',
    match: /^readEnvelope \(electron\/gateway\/formats\/request-envelope\.ts/,
  },
  { name: 'JSON.parse of upstream events', how: 'self', match: /^tryParseJson / },
  {
    name: 'SSE parsing (eventsource-parser, own code)',
    how: 'self',
    match: /node_modules\/eventsource-parser\//,
  },
  {
    name: 'responses event encoding (JSON.stringify per event)',
    how: 'self',
    match: /^write \(electron\/gateway\/formats\/responses\/responses-event-writer\.ts/,
  },
  {
    name: 'storing translated responses conversations (SQLite, on the request path)',
    how: 'total',
    match: /^remember \(electron\/gateway\/server\/translation-flow\.ts/,
  },
  {
    name: 'metering a non-streamed pass-through body (concat + JSON.parse)',
    how: 'total',
    match: /^bodyUsage \(electron\/gateway\/metering\/body-usage\.ts/,
  },
];

export interface ProfileSummary {
  /** Non-idle sampled time, ms. */
  busyMs: number;
  wallMs: number;
  categories: { category: string; self: number }[];
  topSelf: FunctionCost[];
  /** The gateway's and the store's own functions by inclusive time. */
  topGatewayTotal: FunctionCost[];
  /** Share of busy time per WATCHED name. */
  watched: { name: string; share: number }[];
}

/** Where a frame's code lives, coarse enough to tell the gateway's cost from Node's own. */
function categoryOf(url: string, functionName: string): string {
  if (functionName === '(garbage collector)') return 'V8: garbage collection';
  if (functionName === '(program)') return 'V8/native: (program)';
  if (functionName === '(idle)') return 'idle';
  if (url.includes('/electron/gateway/')) return 'gateway code';
  if (url.includes('/electron/store/')) return 'store (SQLite log, tokens)';
  if (url.includes('/electron/')) return 'app services';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
  if (pkg?.[1]) return `npm: ${pkg[1]}`;
  if (url.startsWith('node:')) return `node: ${url.slice(5).split('/')[0]}`;
  if (url === '') return 'native / builtins';
  return 'other';
}

/** A run's copy of the sources (snapshot.ts): its files are named as in the repository. */
const SNAPSHOT_DIR = /\/mgw-bench-src-[^/]+\//;

function shortPath(path: string): string {
  const copy = SNAPSHOT_DIR.exec(path);
  if (copy) return path.slice(copy.index + copy[0].length);
  return path.startsWith(`${ROOT}/`) ? relative(ROOT, path) : path;
}

function label(node: ProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame;
  const where = url.startsWith('file://') ? shortPath(new URL(url).pathname) : url;
  return `${functionName || '(anonymous)'}${where ? ` (${where}:${lineNumber + 1})` : ''}`;
}

/** Self and inclusive time per function and per category, as shares of the busy time. */
export function summarizeProfile(profile: CpuProfile, top = 20): ProfileSummary {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  const category = new Map<string, string>();
  const byCategory = new Map<string, number>();
  let busy = 0;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    const node = byId.get(id);
    if (!node || node.callFrame.functionName === '(idle)') return;
    busy += dt;
    const key = label(node);
    const cat = categoryOf(node.callFrame.url, node.callFrame.functionName);
    self.set(key, (self.get(key) ?? 0) + dt);
    category.set(key, cat);
    byCategory.set(cat, (byCategory.get(cat) ?? 0) + dt);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at)!;
      const k = label(frame);
      if (seen.has(k)) continue;
      seen.add(k);
      total.set(k, (total.get(k) ?? 0) + dt);
      category.set(k, categoryOf(frame.callFrame.url, frame.callFrame.functionName));
    }
  });
  const share = (us: number): number => (busy === 0 ? 0 : us / busy);
  const cost = (name: string): FunctionCost => ({
    name,
    category: category.get(name) ?? 'other',
    self: share(self.get(name) ?? 0),
    total: share(total.get(name) ?? 0),
  });
  const watched = WATCHED.map(({ name, how, match }) => {
    const keys = [...total.keys()].filter((k) => match.test(k));
    const share =
      how === 'self'
        ? keys.reduce((sum, k) => sum + (self.get(k) ?? 0), 0)
        : Math.max(0, ...keys.map((k) => total.get(k) ?? 0));
    return { name, share: busy === 0 ? 0 : share / busy };
  });
  return {
    watched,
    busyMs: busy / 1000,
    wallMs: (profile.endTime - profile.startTime) / 1000,
    categories: [...byCategory]
      .map(([c, us]) => ({ category: c, self: share(us) }))
      .sort((a, b) => b.self - a.self),
    topSelf: [...self.keys()]
      .map(cost)
      .sort((a, b) => b.self - a.self)
      .slice(0, top),
    topGatewayTotal: [...total.keys()]
      .map(cost)
      .filter((c) => c.category === 'gateway code' || c.category.startsWith('store'))
      .sort((a, b) => b.total - a.total)
      .slice(0, top),
  };
}
