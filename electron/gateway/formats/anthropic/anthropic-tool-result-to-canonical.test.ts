import { describe, expect, it } from 'vitest';
import { errorOf } from '../../../../test/doubles/gateway-error-of.ts';
import { testContext } from '../../../../test/doubles/formats/anthropic-test-support.ts';
import { anthropicToolResultToCanonical } from './anthropic-tool-result-to-canonical.ts';

describe('anthropicToolResultToCanonical', () => {
  it('reads string content and the call id', () => {
    expect(
      anthropicToolResultToCanonical(
        { type: 'tool_result', tool_use_id: 'toolu_1', content: '259.75 USD' },
        'messages.2.content.0',
        testContext(),
      ),
    ).toEqual({ callId: 'toolu_1', content: '259.75 USD', images: [] });
  });

  it('joins text blocks one per line and drops cache_control by path', () => {
    const ctx = testContext();
    const result = anthropicToolResultToCanonical(
      {
        type: 'tool_result',
        tool_use_id: 'toolu_1',
        content: [
          { type: 'text', text: 'sunny' },
          { type: 'text', text: 'warm' },
        ],
        cache_control: { type: 'ephemeral' },
      },
      'messages.2.content.0',
      ctx,
    );
    expect(result.content).toBe('sunny\nwarm');
    expect(ctx.dropped).toEqual(['messages.2.content.0.cache_control']);
  });

  it('carries is_error as a text prefix under a rule; absent content is empty', () => {
    const ctx = testContext();
    expect(
      anthropicToolResultToCanonical(
        { type: 'tool_result', tool_use_id: 't', is_error: true, content: 'No such file' },
        'w',
        ctx,
      ).content,
    ).toBe('Error: No such file');
    expect(ctx.rules).toEqual(['anthropic.tool_error_as_text']);
    expect(
      anthropicToolResultToCanonical({ type: 'tool_result', tool_use_id: 't' }, 'w', testContext())
        .content,
    ).toBe('');
  });

  it('keeps images beside the text, base64 and URL, with no rule', () => {
    const ctx = testContext();
    const result = anthropicToolResultToCanonical(
      {
        type: 'tool_result',
        tool_use_id: 't',
        content: [
          { type: 'text', text: 'screenshot.png' },
          { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'AA' } },
          { type: 'text', text: 'and the diagram' },
          { type: 'image', source: { type: 'url', url: 'https://example.com/d.png' } },
        ],
      },
      'messages.3.content.1',
      ctx,
    );
    expect(result.content).toBe('screenshot.png\nand the diagram');
    expect(result.images).toEqual([
      { type: 'image', source: { kind: 'data', mimeType: 'image/png', data: 'AA' } },
      { type: 'image', source: { kind: 'url', url: 'https://example.com/d.png' } },
    ]);
    expect(ctx.rules).toEqual([]);
  });

  it('keeps the images of a failed result, its text marked as an error', () => {
    const ctx = testContext();
    const result = anthropicToolResultToCanonical(
      {
        type: 'tool_result',
        tool_use_id: 't',
        is_error: true,
        content: [
          { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'AA' } },
        ],
      },
      'w',
      ctx,
    );
    expect(result).toEqual({
      callId: 't',
      content: 'Error: ',
      images: [{ type: 'image', source: { kind: 'data', mimeType: 'image/png', data: 'AA' } }],
    });
  });

  it('refuses an image from the Files API inside a result, naming it', () => {
    const error = errorOf(() =>
      anthropicToolResultToCanonical(
        {
          type: 'tool_result',
          tool_use_id: 't',
          content: [{ type: 'image', source: { type: 'file', file_id: 'file_1' } }],
        },
        'messages.3.content.1',
        testContext(),
      ),
    );
    expect(error.param).toBe('messages.3.content.1.content.0.source');
  });

  it('refuses a document inside a tool result, naming it', () => {
    const error = errorOf(() =>
      anthropicToolResultToCanonical(
        {
          type: 'tool_result',
          tool_use_id: 't',
          content: [
            { type: 'text', text: 'the file:' },
            { type: 'document', source: { type: 'text', media_type: 'text/plain', data: 'x' } },
          ],
        },
        'messages.3.content.1',
        testContext(),
      ),
    );
    expect(error.status).toBe(400);
    expect(error.param).toBe('messages.3.content.1.content.1');
    expect(error.message).toContain('document');
  });
});
