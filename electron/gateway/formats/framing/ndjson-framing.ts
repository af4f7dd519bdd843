import type { StreamFraming } from '../../canonical/format-codec.ts';
import { NdjsonReader } from '../../upstream/ndjson-reader.ts';

/**
 * Newline-delimited JSON (Ollama's streams): one JSON value per line, no event names. A record
 * is its line as `data`; a record ends at its newline.
 */
export const NDJSON_FRAMING: StreamFraming = {
  contentType: 'application/x-ndjson',
  createReader: (onRecord, maxRecordChars) => new NdjsonReader(onRecord, maxRecordChars),
  endsAtBoundary: (tail) =>
    typeof tail === 'string' ? tail.endsWith('\n') : tail[tail.length - 1] === 0x0a,
  lastRecordEnd: (bytes) => bytes.lastIndexOf(0x0a) + 1,
  recordBreak: '\n',
  writeRecord: (record) => `${record.data}\n`,
};
