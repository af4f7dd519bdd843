import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { fenceLanguages, loadLanguages } from './highlight-languages.ts';
import { Markdown } from './Markdown.tsx';

const ANSWER = "Run this:\n\n```py\nprint('hello')\n```\n\nand this:\n\n~~~ts\nconst a = 1;\n~~~\n";

describe('Markdown code highlighting', () => {
  it('finds the languages named on code fences', () => {
    expect(fenceLanguages(ANSWER)).toEqual(new Set(['py', 'ts']));
  });

  it('shows code plain until its grammar has loaded, then highlighted', async () => {
    const before = renderToString(<Markdown text={ANSWER} />);
    expect(before).toContain('print(&#x27;hello&#x27;)');
    expect(before).not.toContain('hljs');

    await loadLanguages(fenceLanguages(ANSWER));
    const after = renderToString(<Markdown text={ANSWER} />);
    expect(after).toMatch(/<code class="hljs language-py">.*hljs-built_in/);
    expect(after).toMatch(/<code class="hljs language-ts">.*hljs-keyword/);
  });

  it('leaves a language it has no grammar for plain', async () => {
    await loadLanguages(['klingon']);
    expect(renderToString(<Markdown text={'```klingon\nQapla\n```'} />)).not.toContain('hljs');
  });
});
