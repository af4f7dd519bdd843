import type { FormatKit, JsonRecord, RawRecord } from './format-kit.ts';

/**
 * Reading and rewriting a format's streams through its kit: its framing cuts the records, its
 * stream shape finds the text and the errors in them.
 */

/** The JSON records of a streamed body (`[DONE]` and anything else that is not JSON skipped). */
function jsonRecords(kit: FormatKit, body: string): (JsonRecord & { data: string })[] {
  const out: (JsonRecord & { data: string })[] = [];
  for (const record of kit.stream.framing.records(body)) {
    try {
      const json = JSON.parse(record.data) as unknown;
      if (typeof json !== 'object' || json === null) continue;
      out.push({ event: record.event, json: json as Record<string, unknown>, data: record.data });
    } catch {
      continue;
    }
  }
  return out;
}

/** The generated text of a streamed body, to compare what arrived with what was sent. */
export function streamedText(kit: FormatKit, body: string): string {
  let text = '';
  for (const record of jsonRecords(kit, body))
    for (const slot of kit.stream.textSlots(record)) text += String(slot.holder[slot.key]);
  return text;
}

/** The in-stream error a client got, if any (the record's data), in its format's shape. */
export function streamError(kit: FormatKit, body: string): string | null {
  return jsonRecords(kit, body).find((record) => kit.stream.isError(record))?.data ?? null;
}

/** The first `count` records of a stream: the rest, terminal records included, never come. */
export const firstRecords = (kit: FormatKit, body: string, count: number): string =>
  kit.stream.framing.write(kit.stream.framing.records(body).slice(0, count));

/**
 * The recorded stream with its first text delta replaced by `text` (a huge record). Later
 * records that repeat the whole text (responses' `done` events) keep the recorded text, which
 * no client-facing check depends on.
 */
export function withHugeRecord(kit: FormatKit, body: string, text: string): string {
  let done = false;
  const records = kit.stream.framing.records(body).map((record): RawRecord => {
    if (done) return record;
    let json: unknown;
    try {
      json = JSON.parse(record.data);
    } catch {
      return record;
    }
    if (typeof json !== 'object' || json === null) return record;
    const [slot] = kit.stream.textSlots({
      event: record.event,
      json: json as Record<string, unknown>,
    });
    if (!slot) return record;
    slot.holder[slot.key] = text;
    done = true;
    return { ...record, data: JSON.stringify(json) };
  });
  return kit.stream.framing.write(records);
}

/** The text of an answer, whole (its JSON body) or streamed. */
export function answerText(kit: FormatKit, body: string, stream: boolean): string {
  return stream ? streamedText(kit, body) : kit.client.wholeText(JSON.parse(body));
}

/**
 * The records of a stream up to its first text, that text being `text`: an upstream that has
 * begun to answer with words a test can wait for.
 */
export function upToFirstText(kit: FormatKit, body: string, text: string): string {
  const records = kit.stream.framing.records(body);
  const at = records.findIndex((record) => {
    try {
      const json = JSON.parse(record.data) as unknown;
      return (
        typeof json === 'object' &&
        json !== null &&
        kit.stream.textSlots({ event: record.event, json: json as Record<string, unknown> })
          .length > 0
      );
    } catch {
      return false;
    }
  });
  if (at < 0) throw new Error(`no text in the ${kit.format} stream`);
  return withHugeRecord(kit, kit.stream.framing.write(records.slice(0, at + 1)), text);
}
