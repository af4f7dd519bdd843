import { describe, expect, it } from 'vitest';
import { KIT_LIST } from '../../../test/format-kits/kits.ts';
import { recordedChunks, recordedNames } from '../../../test/recorded-fixtures.ts';
import type { CanonicalStreamEvent } from '../canonical/canonical-stream.ts';
import type { StreamRecord } from '../canonical/format-codec.ts';
import { memoryResponseStore, memoryStateStore } from '../canonical/memory-stores.ts';
import { CODECS } from './codecs.ts';

/**
 * Every decoder's `skim` must be `push` for the records it takes: a stream read with the skim
 * first (as the metering tap reads it) gives the same events as one read with `push` alone.
 * Checked over every recorded capture, and over the same records written in other valid JSON
 * (spaced, keys sorted, non-ASCII and slashes escaped), which the skims must either read the
 * same or leave to `push`.
 */
const context = () => ({
  rules: [],
  dropped: [],
  state: memoryStateStore(100),
  responses: memoryResponseStore(100),
});

/** Ids and times a decoder makes up itself differ from one decoder to the next. */
const comparable = (events: CanonicalStreamEvent[]): unknown[] =>
  events.map((event) =>
    event.type === 'start'
      ? { ...event, id: event.id.length > 0, created: 0 }
      : event.type === 'tool-call-start'
        ? { ...event, id: event.id.length > 0 }
        : event,
  );

const sortKeys = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
  );
};

/** The same JSON in other bytes; records that are not JSON stay as they are. */
const WRITINGS: Record<string, (json: unknown) => string> = {
  spaced: (json) => JSON.stringify(json, null, 1).replace(/\n\s*/g, ' ').replace(/\[ \]/g, '[]'),
  'keys sorted': (json) => JSON.stringify(sortKeys(json)),
  escaped: (json) =>
    JSON.stringify(json)
      .replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
      .replace(/\//g, '\\/'),
};

function rewrite(record: StreamRecord, writing: (json: unknown) => string): StreamRecord {
  try {
    return { ...record, data: writing(JSON.parse(record.data)) };
  } catch {
    return record;
  }
}

describe.each(KIT_LIST)('$format decoder skim', (kit) => {
  const codec = CODECS[kit.format];
  const captures = recordedNames(kit.recorded.folder, '.chunks.txt').flatMap((name) =>
    kit.recorded.streams(recordedChunks(kit.recorded.folder, name)).map((payloads, i) => {
      const records: StreamRecord[] = [];
      const reader = codec.framing.createReader((record) => records.push(record));
      reader.push(new TextEncoder().encode(kit.recorded.frame(payloads)));
      reader.end();
      return { name: `${name} #${i + 1}`, records };
    }),
  );

  const cases = captures.flatMap((capture) => [
    { ...capture, writing: 'as recorded' },
    ...Object.entries(WRITINGS).map(([writing, write]) => ({
      name: capture.name,
      writing,
      records: capture.records.map((record) => rewrite(record, write)),
    })),
  ]);
  it.each(cases)('$name, $writing: the same events as push alone', ({ records }) => {
    const pushed = codec.createStreamDecoder(context());
    const skimming = codec.createStreamDecoder(context());
    const viaPush: CanonicalStreamEvent[] = [];
    const viaSkim: CanonicalStreamEvent[] = [];
    for (const record of records) {
      viaPush.push(...pushed.push(record));
      viaSkim.push(...(skimming.skim?.(record) ?? skimming.push(record)));
    }
    viaPush.push(...pushed.end());
    viaSkim.push(...skimming.end());
    expect(comparable(viaSkim)).toEqual(comparable(viaPush));
  });
});
