import { describe, expect, it } from 'vitest';
import { errorOf } from '../../../../test/doubles/gateway-error-of.ts';
import {
  anthropicSystemToCanonical,
  readTextBlock,
  readTextContent,
} from './anthropic-text-block.ts';
import { testContext } from '../../../../test/doubles/formats/anthropic-test-support.ts';

describe('text blocks', () => {
  it("reads Claude Code's system blocks, dropping cache_control by path", () => {
    const ctx = testContext();
    const system = anthropicSystemToCanonical(
      [
        { type: 'text', text: "You are Claude Code, Anthropic's official CLI for Claude." },
        { type: 'text', text: 'Be brief.', cache_control: { type: 'ephemeral' } },
      ],
      ctx,
    );
    expect(system).toBe("You are Claude Code, Anthropic's official CLI for Claude.\n\nBe brief.");
    expect(ctx.dropped).toEqual(['system.1.cache_control']);
    expect(ctx.rules).toEqual(['anthropic.cache_control_dropped']);
  });

  it('takes a string system as it is; empty or absent is none', () => {
    expect(anthropicSystemToCanonical('Hi', testContext())).toBe('Hi');
    expect(anthropicSystemToCanonical('', testContext())).toBeUndefined();
    expect(anthropicSystemToCanonical(undefined, testContext())).toBeUndefined();
  });

  it('drops citations on a text block under their rule', () => {
    const ctx = testContext();
    expect(readTextBlock({ type: 'text', text: 'x', citations: [] }, 'm.0', ctx)).toBe('x');
    expect(ctx.rules).toEqual(['anthropic.citations_dropped']);
  });

  it('refuses a non-text block and an unknown field, naming them', () => {
    const image = errorOf(() =>
      readTextContent([{ type: 'image', source: {} }], 'system', testContext()),
    );
    expect(image.status).toBe(400);
    expect(image.param).toBe('system.0');
    expect(
      errorOf(() => readTextBlock({ type: 'text', text: 'x', extra: 1 }, 'p', testContext())).param,
    ).toBe('p.extra');
    expect(errorOf(() => readTextContent(5, 'system', testContext())).param).toBe('system');
  });
});
