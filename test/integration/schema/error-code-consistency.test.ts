import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../harness.ts';
import { capture, type Capture } from './capture.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

/** The `code` of an error body, or of the stream's error record (chat nests it, responses not). */
function errorCode(result: Capture): unknown {
  const record =
    result.body ??
    result.events?.find((e) => {
      const data = e.data as { type?: unknown; error?: unknown };
      return data.type === 'error' || data.error !== undefined;
    })?.data;
  const { code, error } = (record ?? {}) as { code?: unknown; error?: { code?: unknown } };
  return error?.code ?? code;
}

// The simulator fails the same way before the stream (a 500 answer) and inside it (an
// in-stream error record), both with Google's status INTERNAL.
describe.each([
  [
    '/v1/chat/completions',
    { messages: [{ role: 'user', content: '[[sim:error-mid-stream]] go' }] },
  ],
  ['/v1/responses', { input: '[[sim:error-mid-stream]] go' }],
])('one Gemini failure, one code, on %s', (path, body) => {
  it('carries the same code in the error body and in the stream', async () => {
    const answer = await capture(h, path, { model: 'sim-gemini', ...body });
    const stream = await capture(h, path, { model: 'sim-gemini', stream: true, ...body });
    expect(answer.status).toBe(500);
    expect(stream.status).toBe(200);
    expect(errorCode(answer)).toBe('internal');
    expect(errorCode(stream)).toBe('internal');
  });
});
