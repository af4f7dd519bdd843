import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ModelInfo } from '../../../../shared/contract.ts';
import { i18n } from '../../i18n/i18n.ts';
import { ModelRow, ModelsTableHead } from './ModelsTable.tsx';
import type { ModelSort } from './model-rows.ts';

const model: ModelInfo = {
  id: 'model-1984',
  ownedBy: 'vendor-19',
  markers: [],
  formats: ['chat'],
  translatedFormats: ['responses'],
  tariff: null,
  inputPerMillion: 1.25,
  outputPerMillion: 10,
  perCall: null,
  overridden: { markers: true, tariff: false },
};

const noop = () => {};

const head = (sort: ModelSort | null) =>
  renderToString(
    <table>
      <ModelsTableHead sort={sort} onSort={noop} />
    </table>,
  );

/** Each header cell's aria-sort (null without one) and its text. */
const headers = (html: string) =>
  [...html.matchAll(/<th(\s[^>]*)?>(.*?)<\/th>/g)].map(([, attributes = '', inner = '']) => ({
    sort: /aria-sort="([^"]*)"/.exec(attributes)?.[1] ?? null,
    text: inner.replace(/<[^>]*>/g, ''),
    button: inner.includes('<button'),
  }));

/** The text of each cell of a rendered row. */
const cells = (html: string) =>
  [...html.matchAll(/<td[^>]*>(.*?)<\/td>/g)].map(([, inner = '']) =>
    inner.replace(/<[^>]*>/g, ''),
  );

describe('the Models table', () => {
  it('says the order on the sorted header only, both ways', () => {
    const up = headers(head({ column: 'id', desc: false }));
    expect(up.map((h) => h.sort)).toEqual(['ascending', null, null, null, null, null, null]);
    const down = headers(head({ column: 'output', desc: true }));
    expect(down.map((h) => h.sort)).toEqual([null, null, null, null, 'descending', null, null]);
    expect(headers(head(null)).every((h) => h.sort === null)).toBe(true);
  });

  it('has a sort button on every column but the formats and the actions', () => {
    expect(headers(head(null)).map((h) => [h.text, h.button])).toEqual([
      ['Model', true],
      ['Owner', true],
      ['Formats', false],
      ['Input / 1M', true],
      ['Output / 1M', true],
      ['Per call', true],
      ['Actions', false],
    ]);
  });

  it('draws a model’s row: id with its override mark, owner, formats, prices, Edit', () => {
    const html = renderToString(
      <table>
        <tbody>
          <ModelRow model={model} index={4} t={i18n.t} onEdit={noop} />
        </tbody>
      </table>,
    );
    expect(html).toContain('aria-rowindex="6"');
    const [id, owner, formats, input, output, perCall, edit] = cells(html);
    expect(id).toBe('model-1984override');
    expect(owner).toBe('vendor-19');
    expect(formats).not.toBe('');
    expect([input, output, perCall]).toEqual(['$1.25', '$10.00', '—']);
    expect(edit).toBe('Edit');
    expect(html).toContain('aria-label="Edit overrides for model-1984"');
  });
});
