import { describe, expect, it } from 'vitest';
import { errorOf } from '../../../../test/doubles/gateway-error-of.ts';
import { anthropicBlockToCanonical } from './anthropic-block-to-canonical.ts';
import { withAnthropicRedacted, withAnthropicSignature } from './anthropic-state.ts';
import { withGeminiSignature } from '../gemini/gemini-state.ts';
import { testContext } from '../../../../test/doubles/formats/anthropic-test-support.ts';

const read = (block: unknown, role: 'user' | 'assistant' = 'user', ctx = testContext()) =>
  anthropicBlockToCanonical(block, role, 'messages.0.content.0', ctx);

describe('anthropicBlockToCanonical', () => {
  it('reads base64 and URL images', () => {
    expect(
      read({ type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBO' } }),
    ).toEqual({
      kind: 'part',
      part: { type: 'image', source: { kind: 'data', mimeType: 'image/png', data: 'iVBO' } },
    });
    expect(read({ type: 'image', source: { type: 'url', url: 'https://x/y.png' } })).toEqual({
      kind: 'part',
      part: { type: 'image', source: { kind: 'url', url: 'https://x/y.png' } },
    });
  });

  it('refuses documents, search results and Files API images, naming the block', () => {
    const doc = errorOf(() =>
      read({ type: 'document', source: { type: 'text', media_type: 'text/plain', data: 'x' } }),
    );
    expect(doc.status).toBe(400);
    expect(doc.param).toBe('messages.0.content.0');
    expect(doc.message).toContain('documents');
    expect(errorOf(() => read({ type: 'search_result', content: [] })).status).toBe(400);
    expect(
      errorOf(() => read({ type: 'image', source: { type: 'file', file_id: 'file_1' } })).param,
    ).toBe('messages.0.content.0.source');
  });

  it('reads a tool_use with its input as JSON text', () => {
    expect(
      read(
        { type: 'tool_use', id: 'toolu_1', name: 'weather', input: { city: 'Paris' } },
        'assistant',
      ),
    ).toEqual({
      kind: 'part',
      part: { type: 'tool-call', id: 'toolu_1', name: 'weather', arguments: '{"city":"Paris"}' },
    });
  });

  it('accepts a direct caller silently and drops another caller by path', () => {
    const ctx = testContext();
    read(
      { type: 'tool_use', id: 't', name: 'n', input: {}, caller: { type: 'direct' } },
      'assistant',
      ctx,
    );
    expect(ctx.dropped).toEqual([]);
    read(
      {
        type: 'tool_use',
        id: 't',
        name: 'n',
        input: {},
        caller: { type: 'code_execution_20250825', tool_id: 'srvtoolu_1' },
      },
      'assistant',
      ctx,
    );
    expect(ctx.dropped).toEqual(['messages.0.content.0.caller']);
    expect(ctx.rules).toEqual(['anthropic.tool_caller_dropped']);
  });

  it('restores the canonical state a thinking signature stands for', () => {
    expect(
      read({ type: 'thinking', thinking: 'Hmm.', signature: 'EqQBCgIYAhIM' }, 'assistant'),
    ).toEqual({
      kind: 'part',
      part: withAnthropicSignature({ type: 'reasoning', text: 'Hmm.' }, 'EqQBCgIYAhIM'),
    });
    expect(
      read({ type: 'thinking', thinking: '', signature: 'mgw1:gemini:CiQB' }, 'assistant'),
    ).toEqual({ kind: 'part', part: withGeminiSignature({ type: 'reasoning', text: '' }, 'CiQB') });
    expect(read({ type: 'thinking', thinking: 'plain', signature: '' }, 'assistant')).toEqual({
      kind: 'part',
      part: { type: 'reasoning', text: 'plain' },
    });
    expect(read({ type: 'redacted_thinking', data: 'EmwKAhgB' }, 'assistant')).toEqual({
      kind: 'part',
      part: withAnthropicRedacted({ type: 'reasoning', text: '' }, 'EmwKAhgB'),
    });
  });

  it('drops server tool blocks by path', () => {
    const ctx = testContext();
    expect(
      read(
        { type: 'server_tool_use', id: 'srvtoolu_1', name: 'web_search', input: {} },
        'assistant',
        ctx,
      ),
    ).toEqual({ kind: 'dropped' });
    expect(ctx.dropped).toEqual(['messages.0.content.0']);
    expect(ctx.rules).toEqual(['anthropic.server_tool_item_dropped']);
  });

  it('refuses blocks in the wrong role and unknown blocks', () => {
    expect(
      errorOf(() => read({ type: 'thinking', thinking: 'x', signature: 's' })).message,
    ).toContain("a user message cannot hold 'thinking' blocks");
    expect(errorOf(() => read({ type: 'image', source: {} }, 'assistant')).status).toBe(400);
    expect(errorOf(() => read({ type: 'hologram' })).message).toContain("'hologram'");
  });
});
