import { describe, expect, it } from 'vitest';
import { OllamaTimer, requestStartMs } from './ollama-metrics.ts';
import {
  requestIdAt,
  scriptedClock,
  T0,
} from '../../../../test/doubles/formats/ollama-test-support.ts';

const usage = { inputTokens: 12, outputTokens: 30, totalTokens: 42 };

describe('requestStartMs', () => {
  it('reads the time prefix of the gateway’s request ids', () => {
    expect(requestStartMs(requestIdAt(T0), T0 + 500)).toBe(T0);
  });

  it('falls back when the id has no time or a time that makes no sense', () => {
    expect(requestStartMs('req_test', T0)).toBe(T0);
    expect(requestStartMs(requestIdAt(T0 + 10), T0)).toBe(T0);
    expect(requestStartMs(requestIdAt(T0 - 2 * 86_400_000), T0)).toBe(T0);
  });
});

describe('OllamaTimer', () => {
  it('measures a stream: to the first output, first to last output, start to end (ns)', () => {
    // Reads: creation 300 ms after the request began, outputs at 400 / 450 / 1400, end at 1500.
    const timer = new OllamaTimer(requestIdAt(T0), scriptedClock(300, 400, 450, 1400, 1500));
    timer.output();
    timer.output();
    timer.output();
    expect(timer.metrics(usage, true)).toEqual({
      total_duration: 1_500_000_000,
      load_duration: 0,
      prompt_eval_count: 12,
      prompt_eval_duration: 400_000_000,
      eval_count: 30,
      eval_duration: 1_000_000_000,
    });
  });

  it('counts the whole wait as generation when the answer came whole', () => {
    const timer = new OllamaTimer(requestIdAt(T0), scriptedClock(800, 800.25));
    expect(timer.metrics(usage, false)).toMatchObject({
      total_duration: 800_250_000,
      prompt_eval_duration: 0,
      eval_duration: 800_250_000,
    });
  });

  it('writes the keys in Ollama’s order', () => {
    const timer = new OllamaTimer(requestIdAt(T0), scriptedClock(1, 2));
    expect(Object.keys(timer.metrics(undefined, true))).toEqual([
      'total_duration',
      'load_duration',
      'prompt_eval_count',
      'prompt_eval_duration',
      'eval_count',
      'eval_duration',
    ]);
  });
});
