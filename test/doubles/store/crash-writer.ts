/**
 * Child process for the crash test: writes request records as fast as it can and prints each
 * committed batch's ids (`FLUSHED id,id,...`) after the commit, until it is killed.
 * Usage: node crash-writer.ts <dataDir> <idPrefix>
 */
import { openStore } from '../../../electron/store/open-store.ts';
import { sampleRecord } from './sample-record.ts';

const [dataDir, idPrefix] = process.argv.slice(2);
if (!dataDir || !idPrefix) throw new Error('usage: crash-writer.ts <dataDir> <idPrefix>');

const store = openStore(dataDir, {
  onLogError: (error) => process.stderr.write(`log error: ${String(error)}\n`),
});
store.logWriter.onFlushed((rows) => {
  process.stdout.write(`FLUSHED ${rows.map((row) => row.requestId).join(',')}\n`);
});

// Bodies make each transaction span many pages, so a kill often lands in the middle of one.
const body = JSON.stringify({ messages: [{ role: 'user', content: 'x'.repeat(4000) }] });
let next = 0;

function burst(): void {
  for (let i = 0; i < 37; i += 1) {
    next += 1;
    store.logWriter.enqueue(
      sampleRecord({
        requestId: `${idPrefix}_${next}`,
        startedAt: Date.now(),
        capture: { requestHeaders: { 'x-n': String(next) }, requestBody: body, responseBody: body },
      }),
    );
    store.opaqueState.set(`${idPrefix}_sig_${next}`, `signature-${next}`);
  }
  setImmediate(burst);
}

process.stdout.write('READY\n');
burst();
