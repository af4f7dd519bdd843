import { readFileSync } from 'node:fs';

/** Resident set size of a process in bytes, from /proc/<pid>/status (VmRSS is in kB). */
export function rssBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status);
  if (!match?.[1]) throw new Error(`no VmRSS for pid ${pid}`);
  return Number(match[1]) * 1024;
}

/** Clock ticks per second of /proc/<pid>/stat times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** CPU time (user + system) a process has used so far, in ms (10 ms resolution). */
export function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name may hold spaces; the fields that follow start after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  return ((utime + stime) * 1000) / TICKS_PER_SECOND;
}

export interface RssParts {
  /** Anonymous memory (V8 heap, malloc, stacks). */
  anon: number;
  /** File-backed pages (the node binary, shared libraries). */
  file: number;
  /** The main malloc arena (the `[heap]` mapping): native allocations such as Buffers, SQLite. */
  brkHeap: number;
}

/** RSS split from /proc/<pid>/status and the `[heap]` mapping of /proc/<pid>/smaps, bytes. */
export function rssParts(pid: number): RssParts {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string): number =>
    Number(new RegExp(`^${field}:\\s+(\\d+)\\s+kB$`, 'm').exec(status)?.[1] ?? 0) * 1024;
  const smaps = readFileSync(`/proc/${pid}/smaps`, 'utf8');
  const heap = /\[heap\]\n(?:.*\n)*?Rss:\s+(\d+) kB/.exec(smaps);
  return { anon: kb('RssAnon'), file: kb('RssFile'), brkHeap: Number(heap?.[1] ?? 0) * 1024 };
}
