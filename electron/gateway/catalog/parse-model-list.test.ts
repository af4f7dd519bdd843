import { describe, expect, it } from 'vitest';
import { parseModelList } from './parse-model-list.ts';

describe('parseModelList', () => {
  it('reads the new-api list shape with markers in order', () => {
    const models = parseModelList({
      success: true,
      object: 'list',
      data: [
        {
          id: 'gemini-2.5-flash',
          object: 'model',
          created: 1626777600,
          owned_by: 'custom',
          supported_endpoint_types: ['gemini', 'openai'],
        },
        { id: 'text-embedding-3-small', supported_endpoint_types: ['embeddings'] },
      ],
    });
    expect(models[0]).toEqual({
      id: 'gemini-2.5-flash',
      ownedBy: 'custom',
      created: 1626777600,
      markers: ['gemini', 'openai'],
      formats: ['gemini', 'chat'],
      markersKnown: true,
      tariff: null,
      overridden: { markers: false, tariff: false },
    });
    expect(models[1]?.formats).toEqual([]);
  });

  it('falls back to chat-completions when markers are missing or empty', () => {
    const models = parseModelList({
      data: [{ id: 'a' }, { id: 'b', supported_endpoint_types: [] }],
    });
    expect(models.map((m) => [m.formats, m.markersKnown])).toEqual([
      [['chat'], false],
      [['chat'], false],
    ]);
  });

  it('skips malformed and duplicate entries and tolerates odd wrappers', () => {
    expect(
      parseModelList({ data: [null, { id: 5 }, { id: 'x' }, { id: 'x' }] }).map((m) => m.id),
    ).toEqual(['x']);
    expect(parseModelList('nonsense')).toEqual([]);
    expect(parseModelList([{ id: 'bare' }]).map((m) => m.id)).toEqual(['bare']);
  });
});
