import { describe, expect, it } from 'vitest';
import { imageSourceOf, responsesContentToCanonical } from './responses-content-to-canonical.ts';
import {
  gatewayErrorOf,
  testContext,
} from '../../../../test/doubles/formats/responses-test-support.ts';

const decode = (
  content: unknown,
  side: 'user' | 'assistant' | 'system' = 'user',
  ctx = testContext(),
) => responsesContentToCanonical(content, side, 'input.0.content', ctx);

describe('responses content → canonical parts', () => {
  it('reads a string as one text part', () => {
    expect(decode('hi')).toEqual([{ type: 'text', text: 'hi' }]);
  });

  it('reads input text and images (data URL and https) with their detail', () => {
    expect(
      decode([
        { type: 'input_text', text: 'What is this?' },
        { type: 'input_image', image_url: 'data:image/png;base64,iVBORw0KGgo=', detail: 'low' },
        { type: 'input_image', image_url: 'https://example.com/cat.jpg', detail: 'auto' },
      ]),
    ).toEqual([
      { type: 'text', text: 'What is this?' },
      {
        type: 'image',
        source: { kind: 'data', mimeType: 'image/png', data: 'iVBORw0KGgo=' },
        detail: 'low',
      },
      {
        type: 'image',
        source: { kind: 'url', url: 'https://example.com/cat.jpg' },
        detail: 'auto',
      },
    ]);
  });

  it('reads replayed assistant output text and refusals', () => {
    const ctx = testContext();
    expect(
      decode(
        [
          { type: 'output_text', text: 'Sure.', annotations: [] },
          { type: 'refusal', refusal: 'Not that.' },
        ],
        'assistant',
        ctx,
      ),
    ).toEqual([
      { type: 'text', text: 'Sure.' },
      { type: 'refusal', text: 'Not that.' },
    ]);
    expect(ctx.rules).toEqual([]);
  });

  it('records a rule for citations on replayed output and for cache breakpoints', () => {
    const ctx = testContext();
    decode(
      [
        {
          type: 'output_text',
          text: 'x',
          annotations: [{ type: 'url_citation', url: 'https://a' }],
        },
      ],
      'assistant',
      ctx,
    );
    decode(
      [{ type: 'input_text', text: 'y', prompt_cache_breakpoint: { type: 'ephemeral' } }],
      'user',
      ctx,
    );
    expect(ctx.rules).toEqual([
      'responses.output_annotations_dropped',
      'responses.prompt_cache_breakpoint_dropped',
    ]);
  });

  it('refuses files, file ids, images outside user messages and unknown parts, naming the part', () => {
    expect(gatewayErrorOf(() => decode([{ type: 'input_file', file_id: 'f' }])).param).toBe(
      'input.0.content.0',
    );
    expect(
      gatewayErrorOf(() =>
        decode([
          { type: 'input_text', text: 'a' },
          { type: 'input_image', file_id: 'file_1', detail: 'auto' },
        ]),
      ).param,
    ).toBe('input.0.content.1.file_id');
    expect(
      gatewayErrorOf(() =>
        decode([{ type: 'input_image', image_url: 'https://x', detail: 'auto' }], 'system'),
      ).param,
    ).toBe('input.0.content.0');
    expect(gatewayErrorOf(() => decode([{ type: 'refusal', refusal: 'no' }], 'user')).param).toBe(
      'input.0.content.0',
    );
    expect(gatewayErrorOf(() => decode([{ type: 'input_audio' }])).param).toBe(
      'input.0.content.0.type',
    );
    expect(gatewayErrorOf(() => decode([{ type: 'input_text', text: 'a', extra: 1 }])).param).toBe(
      'input.0.content.0.extra',
    );
  });

  it('refuses image URLs that are neither http(s) nor base64 data', () => {
    expect(gatewayErrorOf(() => imageSourceOf('gs://bucket/x.png', 'p')).param).toBe('p');
    expect(gatewayErrorOf(() => imageSourceOf('data:image/png,rawbytes', 'p')).param).toBe('p');
  });
});
