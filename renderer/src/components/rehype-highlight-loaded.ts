import { grammarName, highlighterFor } from './highlight-languages.ts';

/** The parts of a hast node this plugin reads (hast's own types are not a dependency here). */
interface HastNode {
  type: string;
  tagName?: string;
  value?: string;
  properties?: { className?: unknown };
  children?: HastNode[];
}

function textOf(node: HastNode): string {
  if (node.type === 'text') return node.value ?? '';
  return (node.children ?? []).map(textOf).join('');
}

function fenceLanguage(code: HastNode): string | undefined {
  const classes = code.properties?.className;
  if (!Array.isArray(classes)) return undefined;
  const cls = classes.find((c): c is string => typeof c === 'string' && c.startsWith('language-'));
  return cls?.slice('language-'.length);
}

function highlightCode(code: HastNode): void {
  const lang = fenceLanguage(code);
  if (!lang) return;
  const name = grammarName(lang);
  // Not loaded (yet): the block stays plain; Markdown renders again once the grammar is in.
  const highlighter = highlighterFor(name);
  if (!highlighter) return;
  const tree = highlighter.highlight(name, textOf(code));
  code.children = tree.children as HastNode[];
  const classes = code.properties?.className;
  if (Array.isArray(classes) && !classes.includes('hljs')) classes.unshift('hljs');
}

function visit(node: HastNode): void {
  for (const child of node.children ?? []) {
    if (node.tagName === 'pre' && child.tagName === 'code') highlightCode(child);
    else visit(child);
  }
}

/** rehype-highlight's job with only the grammars loaded so far (see highlight-languages.ts). */
export function rehypeHighlightLoaded() {
  return (tree: HastNode) => visit(tree);
}
