import { WIRE_FORMATS, type WireFormat } from '../../shared/wire-formats.ts';
import { anthropicKit } from './anthropic/kit.ts';
import { chatKit } from './chat/kit.ts';
import type { FormatKit } from './format-kit.ts';
import { geminiKit } from './gemini/kit.ts';
import { ollamaKit } from './ollama/kit.ts';
import { responsesKit } from './responses/kit.ts';

/** The registry of test kits: one line per format, and a format without one does not compile. */
export const KITS: Readonly<Record<WireFormat, FormatKit>> = {
  chat: chatKit,
  responses: responsesKit,
  gemini: geminiKit,
  anthropic: anthropicKit,
  ollama: ollamaKit,
};

/** Every kit, in the shared list's order. */
export const KIT_LIST: readonly FormatKit[] = WIRE_FORMATS.map((format) => KITS[format]);

const [first] = KIT_LIST;
if (first === undefined) throw new Error('No format has a test kit.');

/**
 * The kit of the first format: the one the gateway answers in where a path or a list says
 * nothing about the client's format (`/v1/models`, unknown paths).
 */
export const DEFAULT_KIT: FormatKit = first;

/** The kit whose upstream serves this path (a query, if any, left out). */
export function kitOfUpstreamPath(path: string): FormatKit {
  const bare = path.split('?')[0] ?? path;
  const kit = KIT_LIST.find((k) => k.upstream.sim.ownsPath(bare));
  if (kit === undefined) throw new Error(`no format's upstream serves ${path}`);
  return kit;
}

export interface KitPair {
  client: FormatKit;
  upstream: FormatKit;
  /** `chat upstream → gemini client`, for test titles. */
  label: string;
}

/** Every (client, upstream) pair: each format passes through to itself, translates to the rest. */
export const KIT_PAIRS: readonly KitPair[] = KIT_LIST.flatMap((client) =>
  KIT_LIST.map((upstream) => ({
    client,
    upstream,
    label: `${upstream.format} upstream → ${client.format} client`,
  })),
);
