import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { i18n } from '../i18n/i18n.ts';
import zh from '../i18n/locales/zh-CN.json' with { type: 'json' };
import { fenceLanguages, loadLanguages } from './highlight-languages.ts';
import { Markdown } from './Markdown.tsx';

const ANSWER = "Run this:\n\n```py\nprint('hello')\n```\n\nand this:\n\n~~~ts\nconst a = 1;\n~~~\n";

describe('Markdown code highlighting', () => {
  it('finds the languages named on code fences', () => {
    expect(fenceLanguages(ANSWER)).toEqual(new Set(['py', 'ts']));
  });

  it('shows code plain until its grammar has loaded, then highlighted', async () => {
    const before = renderToString(<Markdown text={ANSWER} />);
    expect(before).toContain('<code class="language-py">print(&#39;hello&#39;)\n</code>');
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

describe('Markdown code blocks', () => {
  it('names their Copy button in the UI language, also for a text rendered before', async () => {
    const text = 'Try:\n\n```\nls -la\n```';
    expect(renderToString(<Markdown text={text} />)).toContain('aria-label="Copy code"');
    i18n.addResourceBundle('zh-CN', 'translation', zh);
    await i18n.changeLanguage('zh-CN');
    try {
      expect(renderToString(<Markdown text={text} />)).toContain('aria-label="复制代码"');
    } finally {
      await i18n.changeLanguage('en');
    }
    expect(renderToString(<Markdown text={text} />)).toContain('aria-label="Copy code"');
  });

  it('renders inside the .markdown container, raw HTML as text', () => {
    expect(renderToString(<Markdown text={'Hi <b onclick="x()">there</b>'} />)).toBe(
      '<div class="markdown"><p>Hi &lt;b onclick=&quot;x()&quot;&gt;there&lt;/b&gt;</p>\n</div>',
    );
  });
});
