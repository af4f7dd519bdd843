import { describe, expect, it } from 'vitest';
import { markdownToHtml } from './markdown-html.ts';

const render = (markdown: string) => markdownToHtml(markdown, 'Copy code');

interface Element {
  name: string;
  attributes: Map<string, string>;
}

const REFERENCES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };
const decode = (value: string) =>
  value
    .replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) => REFERENCES[name] ?? '')
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)));

/**
 * The start tags of an HTML string with their attributes, read generously: anything after a
 * `<` that could open a tag counts as one, quoted or not, so raw HTML that got through shows.
 */
function elements(html: string): Element[] {
  return Array.from(html.matchAll(/<([a-zA-Z][^\s/>]*)([^>]*)>/g), ([, name = '', rest = '']) => ({
    name: name.toLowerCase(),
    attributes: new Map(
      Array.from(
        rest.matchAll(/([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]*)))?/g),
        ([, key = '', double, single, bare]) => [
          key.toLowerCase(),
          decode(double ?? single ?? bare ?? ''),
        ],
      ),
    ),
  }));
}

const ALLOWED = new Set(
  'p a img div pre code button svg rect path span ul ol li input table thead tbody tr th td del strong em h1 h2 h3 h4 h5 h6 blockquote hr br'.split(
    ' ',
  ),
);

/** What an attacker would want in the page: any of it fails the test with the offending tag. */
function dangers(html: string): string[] {
  return elements(html).flatMap(({ name, attributes }) => {
    const found: string[] = [];
    if (!ALLOWED.has(name)) found.push(`<${name}>`);
    for (const [key, value] of attributes) {
      if (key.startsWith('on')) found.push(`<${name} ${key}>`);
      if (
        ['href', 'src', 'action', 'formaction'].includes(key) &&
        /^\s*(javascript|data|vbscript):/i.test(value)
      )
        found.push(`<${name} ${key}="${value}">`);
    }
    return found;
  });
}

const hrefs = (html: string) =>
  elements(html)
    .filter((e) => e.name === 'a')
    .map((e) => e.attributes.get('href'));

describe('Markdown to HTML: model output is untrusted', () => {
  const VECTORS: Record<string, string> = {
    'a script block': '<script>alert(1)</script>',
    'an inline script': 'Hello <script>alert(1)</script> there',
    'an inline image with onerror': 'See <img src=x onerror=alert(1)> here',
    'a block image with onerror': '<img src=x onerror=alert(1)>',
    'an inline pre, then markup': 'a <pre>\n<b onclick=alert(1)>x</b> <x onerror=alert(1)',
    'a javascript: link': '[x](javascript:alert(1))',
    'an upper-case JAVASCRIPT: link': '[x](JAVASCRIPT:alert(1))',
    'a javascript: image': '![x](javascript:alert(1))',
    'a title breaking out of its quotes': '[x](https://a "a\\" onmouseover=\\"x")',
    'a javascript: autolink': '<javascript:alert(1)>',
    'a character-reference javascript: link': '[x](&#106;avascript:alert(1))',
    'a hex-reference javascript: link': '[x](&#x6A;avascript:alert(1))',
    'a data: link': '[x](data:text/html,<script>alert(1)</script>)',
    'a fence language with markup': '```"><img src=x onerror=alert(1)>\ncode\n```',
    'an image alt with markup': '![<img src=x onerror=alert(1)>](https://a/b.png)',
    'a reference-style javascript: link': '[x][1]\n\n[1]: javascript:alert(1)',
  };

  it.each(Object.entries(VECTORS))('renders %s harmlessly', (_, markdown) => {
    expect(dangers(render(markdown))).toEqual([]);
  });

  it('shows raw HTML as the text it is, inline and as a block', () => {
    expect(render('<script>alert(1)</script>')).toBe(
      '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>\n',
    );
    expect(render('See <img src=x onerror=alert(1)> here')).toBe(
      '<p>See &lt;img src=x onerror=alert(1)&gt; here</p>\n',
    );
    expect(render('<div>\n<b>bold</b>\n</div>')).toContain('&lt;div&gt;\n&lt;b&gt;bold&lt;/b&gt;');
  });

  it('empties a URL with a protocol other than the safe ones, keeps the rest', () => {
    expect(hrefs(render('[x](javascript:alert(1))'))).toEqual(['']);
    expect(hrefs(render('[x](JAVASCRIPT:alert(1))'))).toEqual(['']);
    expect(hrefs(render('[x](&#106;avascript:alert(1))'))).toEqual(['']);
    expect(hrefs(render('<javascript:alert(1)>'))).toEqual(['']);
    expect(render('![x](javascript:alert(1))')).toBe('<p><img alt="x"></p>\n');
    expect(hrefs(render('[a](https://a.example/?q=1&amp;r=2) [b](mailto:x@y.z)'))).toEqual([
      'https://a.example/?q=1&r=2',
      'mailto:x@y.z',
    ]);
    // Relative URLs and fragments stay.
    expect(hrefs(render('[a](docs/intro.md) [b](#usage) [c](/x?y=1:2)'))).toEqual([
      'docs/intro.md',
      '#usage',
      '/x?y=1:2',
    ]);
    expect(render('![cat](https://a.example/cat.png "A cat")')).toBe(
      '<p><img src="https://a.example/cat.png" alt="cat" title="A cat"></p>\n',
    );
  });

  it('opens links outside the app, their titles kept inside their quotes', () => {
    const link = elements(render('[x](https://a "a\\" onmouseover=\\"x")')).find(
      (e) => e.name === 'a',
    );
    expect(Object.fromEntries(link?.attributes ?? [])).toEqual({
      href: 'https://a',
      title: 'a" onmouseover="x',
      target: '_blank',
      rel: 'noreferrer noopener',
    });
  });

  it('keeps a fence language inside its class attribute', () => {
    const code = elements(render('```"><img src=x onerror=alert(1)>\ncode\n```')).find(
      (e) => e.name === 'code',
    );
    expect(code?.attributes.get('class')).toBe('language-"><img');
  });
});

describe('Markdown to HTML: GitHub-flavoured Markdown', () => {
  it('renders tables, strikethrough, task lists and autolinked URLs', () => {
    const html = render(
      [
        '| Name | Size |',
        '| :--- | ---: |',
        '| a    | 1    |',
        '',
        '~~gone~~',
        '',
        '- [x] done',
        '- [ ] to do',
        '',
        'See www.example.com or https://example.org/a?b=1.',
      ].join('\n'),
    );
    expect(html).toContain('<th align="left">Name</th>');
    expect(html).toContain('<td align="right">1</td>');
    expect(html).toContain('<del>gone</del>');
    expect(html).toContain(
      '<li><input checked="" disabled="" type="checkbox" aria-label="done"> done</li>',
    );
    expect(html).toContain('<li><input disabled="" type="checkbox" aria-label="to do"> to do</li>');
    expect(hrefs(html)).toEqual(['http://www.example.com', 'https://example.org/a?b=1']);
  });

  it('names a task’s checkbox by the text of its line, in tight and loose lists', () => {
    const names = (markdown: string) =>
      elements(render(markdown))
        .filter((e) => e.name === 'input')
        .map((e) => e.attributes.get('aria-label'));
    expect(names('- [x] ~~done~~ `now`\n  - [ ] a *nested* one')).toEqual([
      'done now',
      'a nested one',
    ]);
    expect(names('- [x] loose <b>one</b>\n\n  more\n- [ ] two')).toEqual([
      'loose <b>one</b>',
      'two',
    ]);
  });

  it('keeps a single newline a soft break, as GitHub does', () => {
    expect(render('one\ntwo')).toBe('<p>one\ntwo</p>\n');
  });

  it('draws a fenced code block with its Copy button, its code escaped', () => {
    expect(render('```klingon\nif (a < b) "Qapla\'"\n```')).toBe(
      '<div class="code-block"><pre><code class="language-klingon">if (a &lt; b) &quot;Qapla&#39;&quot;\n</code></pre>' +
        '<button type="button" class="btn btn-sm code-copy on-hover btn-icon" aria-label="Copy code" title="Copy code">' +
        '<svg xmlns="http://www.w3.org/2000/svg" width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" class="lucide lucide-copy" aria-hidden="true">' +
        '<rect width="14" height="14" x="8" y="8" rx="2" ry="2"></rect><path d="M4 16c-1.1 0-2-.9-2-2V4c0-1.1.9-2 2-2h10c1.1 0 2 .9 2 2"></path></svg>' +
        '</button></div>\n',
    );
  });

  it('names the Copy button as it is told, escaped', () => {
    const button = elements(markdownToHtml('```\nx\n```', '复制 "代码"')).find(
      (e) => e.name === 'button',
    );
    expect(button?.attributes.get('aria-label')).toBe('复制 "代码"');
  });
});
