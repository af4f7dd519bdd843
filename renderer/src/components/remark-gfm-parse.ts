import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';
import type {} from 'remark-parse';
import type { Processor } from 'unified';

/**
 * GitHub-flavoured Markdown (tables, strikethrough, task lists, autolinks, footnotes) for
 * reading only. `remark-gfm` registers the same two extensions plus the ones for writing
 * Markdown back out, which react-markdown never does; those pulled `mdast-util-to-markdown` and
 * `markdown-table` into Chat's renderer for nothing (issue 18's page budget).
 */
export function remarkGfmParse(this: Processor): void {
  const data = this.data();
  (data.micromarkExtensions ??= []).push(gfm());
  (data.fromMarkdownExtensions ??= []).push(gfmFromMarkdown());
}
