import { Marked, type RendererObject, type Tokens } from 'marked';
import { sanitizeUri } from 'micromark-util-sanitize-uri';
import { copyButtonHtml } from './code-copy.ts';
import { escapeHtml, escapeHtmlKeepingReferences } from './escape-html.ts';
import { grammarName, highlighterFor } from './highlight-languages.ts';

/** The protocols a link or an image may use (react-markdown's and GitHub's); relative URLs pass. */
const SAFE_PROTOCOL = /^(https?|ircs?|mailto|xmpp)$/i;

const XML_REFERENCES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
};

/**
 * A link destination's numeric and XML character references, read as CommonMark reads them
 * (marked leaves them as written), so that `&#106;avascript:` meets the protocol check as
 * `javascript:`. Other named references stay as written, and `sanitizeUri` then escapes their
 * `&`: the browser does not read them either.
 */
function decodeReferences(url: string): string {
  return url.replace(
    /&(?:#(\d{1,7})|#[Xx]([a-fA-F0-9]{1,6})|(amp|lt|gt|quot|apos));/g,
    (ref, dec?: string, hex?: string, name?: string) => {
      if (name) return XML_REFERENCES[name] ?? ref;
      const code = dec ? Number.parseInt(dec, 10) : Number.parseInt(hex ?? '', 16);
      const valid = code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff);
      return valid ? String.fromCodePoint(code) : '\uFFFD';
    },
  );
}

/** A URL fit for an attribute: escaped, or '' when its protocol is not one of the safe ones. */
function safeUrl(href: string, autolink = false): string {
  // References are not read inside an autolink (`<https://a?b&amp;c>` means what it says).
  return sanitizeUri(autolink ? href : decodeReferences(href), SAFE_PROTOCOL);
}

/** A task list's checkbox with the text of its line, its accessible name. */
type NamedCheckbox = Tokens.Checkbox & { name?: string };

const titleAttribute = (title: string | null | undefined): string =>
  title ? ` title="${escapeHtmlKeepingReferences(title)}"` : '';

/**
 * What differs from marked's own HTML: model output is untrusted, so raw HTML shows as text,
 * URLs pass `sanitizeUri`, links open outside the app; code blocks are highlighted once their
 * grammar has loaded and carry a Copy button. Every other token marked renders escaped itself.
 */
function renderer(copyLabel: string): RendererObject {
  const copyButton = copyButtonHtml(copyLabel);
  return {
    html({ text, block }) {
      return block ? `<p>${escapeHtml(text.trimEnd())}</p>\n` : escapeHtml(text);
    },
    text(token) {
      // Text after an inline <pre> or <script> tag comes raw ("escaped"): escape it here.
      return 'escaped' in token && token.escaped ? escapeHtml(token.text) : false;
    },
    link({ href, title, text, tokens, autolink }) {
      const body = autolink ? escapeHtml(text) : this.parser.parseInline(tokens);
      return `<a href="${safeUrl(href, autolink)}"${titleAttribute(title)} target="_blank" rel="noreferrer noopener">${body}</a>`;
    },
    image({ href, title, text, tokens }) {
      const alt = tokens ? this.parser.parseInline(tokens, this.parser.textRenderer) : text;
      const src = safeUrl(href);
      return `<img${src ? ` src="${src}"` : ''} alt="${escapeHtmlKeepingReferences(alt)}"${titleAttribute(title)}>`;
    },
    listitem(item) {
      // A form field needs a name (axe): a task's checkbox takes the text of its line, found
      // here (a loose list's is in its first paragraph); marked then renders the item as usual.
      if (item.task) {
        const [first] = item.tokens;
        const inParagraph = first?.type === 'paragraph';
        const [box, ...rest] = (inParagraph ? first.tokens : item.tokens) ?? [];
        const line = inParagraph ? rest : rest[0]?.type === 'text' ? (rest[0].tokens ?? []) : [];
        if (box?.type === 'checkbox')
          (box as NamedCheckbox).name = this.parser
            .parseInline(line, this.parser.textRenderer)
            .trim();
      }
      return false;
    },
    checkbox({ checked, name }: NamedCheckbox) {
      const label = name ? ` aria-label="${escapeHtmlKeepingReferences(name)}"` : '';
      return `<input${checked ? ' checked=""' : ''} disabled="" type="checkbox"${label}> `;
    },
    code({ text, lang }) {
      const fence = /^\S*/.exec(lang ?? '')?.[0] ?? '';
      const name = grammarName(fence);
      // Not loaded (yet): the block stays plain; Markdown renders again once the grammar is in.
      const highlighter = fence ? highlighterFor(name) : null;
      const code = text ? `${text.replace(/\n$/, '')}\n` : '';
      const html = highlighter
        ? highlighter.highlight(code, { language: name, ignoreIllegals: true }).value
        : escapeHtml(code);
      const classes = fence ? `${highlighter ? 'hljs ' : ''}language-${fence}` : '';
      const classAttribute = classes ? ` class="${escapeHtml(classes)}"` : '';
      return `<div class="code-block"><pre><code${classAttribute}>${html}</code></pre>${copyButton}</div>\n`;
    },
  };
}

/** One parser per Copy button name (one per UI language), each its own instance of marked. */
const parsers = new Map<string, Marked>();

/**
 * GitHub-flavoured Markdown (tables, strikethrough, task lists, autolinks; single newlines are
 * not breaks) as an HTML string safe to insert: see `renderer`. `copyLabel`: the code blocks'
 * Copy button name.
 */
export function markdownToHtml(markdown: string, copyLabel: string): string {
  let parser = parsers.get(copyLabel);
  if (!parser) {
    parser = new Marked({ gfm: true, breaks: false, renderer: renderer(copyLabel) });
    parsers.set(copyLabel, parser);
  }
  return parser.parse(markdown, { async: false });
}
