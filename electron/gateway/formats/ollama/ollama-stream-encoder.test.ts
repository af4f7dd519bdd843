import { describe, expect, it } from 'vitest';
import type { CanonicalStreamEvent } from '../../canonical/canonical-stream.ts';
import type { ResponseEncodeContext } from '../../canonical/conversion-context.ts';
import { createOllamaStreamEncoder } from './ollama-stream-encoder.ts';
import {
  CHAT_BODY,
  GENERATE_BODY,
  scriptedClock,
  T0,
  testEncodeContext,
} from '../../../../test/doubles/formats/ollama-test-support.ts';

const usage = { inputTokens: 26, outputTokens: 9, totalTokens: 35 };

function encode(
  events: CanonicalStreamEvent[],
  ctx: ResponseEncodeContext,
  clock = scriptedClock(0),
) {
  const encoder = createOllamaStreamEncoder(ctx, clock);
  return events.map((event) => encoder.encode(event)).join('') + encoder.end();
}

/** The NDJSON lines, each checked to be one JSON object ending in a newline. */
function lines(ndjson: string): Record<string, unknown>[] {
  expect(ndjson.endsWith('\n')).toBe(true);
  return ndjson
    .slice(0, -1)
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

const start: CanonicalStreamEvent = { type: 'start', id: 'x', model: 'y', created: 1 };

describe('Ollama stream encoder: /api/chat', () => {
  it('writes one line per delta and a done line with reason and metrics', () => {
    // Clock reads: creation at 100 ms, outputs at 300 and 1300, the two lines' created_at,
    // then the last line's created_at and its metrics' end at 1400.
    const clock = scriptedClock(100, 300, 300, 1300, 1300, 1400, 1400);
    const out = lines(
      encode(
        [
          start,
          { type: 'text-delta', text: 'The' },
          { type: 'text-delta', text: ' sky' },
          { type: 'finish', reason: 'stop' },
          { type: 'usage', usage },
        ],
        testEncodeContext(CHAT_BODY, { model: 'llama3.2' }),
        clock,
      ),
    );
    const at = (ms: number) => new Date(T0 + ms).toISOString();
    expect(out).toEqual([
      {
        model: 'llama3.2',
        created_at: at(300),
        message: { role: 'assistant', content: 'The' },
        done: false,
      },
      {
        model: 'llama3.2',
        created_at: at(1300),
        message: { role: 'assistant', content: ' sky' },
        done: false,
      },
      {
        model: 'llama3.2',
        created_at: at(1400),
        message: { role: 'assistant', content: '' },
        done: true,
        done_reason: 'stop',
        total_duration: 1_400_000_000,
        load_duration: 0,
        prompt_eval_count: 26,
        prompt_eval_duration: 300_000_000,
        eval_count: 9,
        eval_duration: 1_000_000_000,
      },
    ]);
  });

  it('sends thinking as it comes and each call whole, once its arguments are complete', () => {
    const out = lines(
      encode(
        [
          start,
          { type: 'reasoning-delta', text: 'Two cities.' },
          { type: 'reasoning-delta', text: '' },
          { type: 'tool-call-start', index: 0, id: 'call_a', name: 'weather' },
          { type: 'tool-call-start', index: 1, id: 'call_b', name: 'weather' },
          { type: 'tool-call-delta', index: 0, argumentsDelta: '{"city":' },
          { type: 'tool-call-delta', index: 1, argumentsDelta: '{"city":"Lyon"}' },
          { type: 'tool-call-delta', index: 0, argumentsDelta: '"Paris"}' },
          { type: 'tool-call-end', index: 1 },
          { type: 'tool-call-end', index: 0 },
          { type: 'finish', reason: 'tool_calls' },
        ],
        testEncodeContext(CHAT_BODY),
      ),
    );
    expect(out.map((line) => line.message)).toEqual([
      { role: 'assistant', content: '', thinking: 'Two cities.' },
      {
        role: 'assistant',
        content: '',
        tool_calls: [
          { id: 'call_b', function: { index: 0, name: 'weather', arguments: { city: 'Lyon' } } },
        ],
      },
      {
        role: 'assistant',
        content: '',
        tool_calls: [
          { id: 'call_a', function: { index: 1, name: 'weather', arguments: { city: 'Paris' } } },
        ],
      },
      { role: 'assistant', content: '' },
    ]);
    expect(out.at(-1)).toMatchObject({ done: true, done_reason: 'stop' });
  });

  it('ends with one {"error"} line after an error and writes nothing more', () => {
    const encoder = createOllamaStreamEncoder(testEncodeContext(CHAT_BODY), scriptedClock(0));
    const text =
      encoder.encode({ type: 'text-delta', text: 'Par' }) +
      encoder.encode({ type: 'error', status: 502, message: 'upstream went away', code: 'x' }) +
      encoder.encode({ type: 'text-delta', text: 'is' });
    expect(encoder.end()).toBe('');
    expect(lines(text).at(-1)).toEqual({ error: 'upstream went away' });
  });

  it('fails the stream on call arguments that are not an object, never guessing', () => {
    const out = lines(
      encode(
        [
          { type: 'tool-call-start', index: 0, id: 'c', name: 'f' },
          { type: 'tool-call-delta', index: 0, argumentsDelta: '[1]' },
          { type: 'tool-call-end', index: 0 },
        ],
        testEncodeContext(CHAT_BODY),
      ),
    );
    expect(out).toEqual([{ error: expect.stringMatching(/not a JSON object/) }]);
  });

  it('still sends a call the upstream never ended, and says stop when no finish came', () => {
    const out = lines(
      encode(
        [
          { type: 'tool-call-start', index: 0, id: 'c', name: 'f' },
          { type: 'tool-call-delta', index: 0, argumentsDelta: '{}' },
        ],
        testEncodeContext(CHAT_BODY),
      ),
    );
    expect(out.map((line) => line.done)).toEqual([false, true]);
    expect(out[1]?.done_reason).toBe('stop');
  });

  it('hides thinking from a client that sent think: false', () => {
    const ctx = testEncodeContext(CHAT_BODY, { reasoning: { includeThoughts: false } });
    const out = lines(
      encode(
        [
          { type: 'reasoning-delta', text: 'secret' },
          { type: 'text-delta', text: 'Hi' },
        ],
        ctx,
      ),
    );
    expect(out.map((line) => line.message)).toEqual([
      { role: 'assistant', content: 'Hi' },
      { role: 'assistant', content: '' },
    ]);
    expect(ctx.rules).toEqual(['ollama.thinking_omitted']);
  });
});

describe('Ollama stream encoder: /api/generate', () => {
  it('writes response and thinking pieces, and a done line with an empty context', () => {
    const out = lines(
      encode(
        [
          start,
          { type: 'reasoning-delta', text: 'Hm.' },
          { type: 'text-delta', text: 'Blue' },
          { type: 'refusal-delta', text: '!' },
          { type: 'finish', reason: 'length' },
        ],
        testEncodeContext(GENERATE_BODY),
      ),
    );
    expect(out.map(({ created_at: _at, model: _model, ...rest }) => rest)).toEqual([
      { response: '', thinking: 'Hm.', done: false },
      { response: 'Blue', done: false },
      { response: '!', done: false },
      {
        response: '',
        done: true,
        done_reason: 'length',
        context: [],
        total_duration: 0,
        load_duration: 0,
        prompt_eval_count: 0,
        prompt_eval_duration: 0,
        eval_count: 0,
        eval_duration: 0,
      },
    ]);
  });
});
