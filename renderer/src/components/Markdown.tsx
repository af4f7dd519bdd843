import { useTranslation } from 'react-i18next';
import { memo, useEffect, useMemo, useSyncExternalStore, type MouseEvent } from 'react';
import { copyCodeOnClick } from './code-copy.ts';
import {
  fenceLanguages,
  languagesVersion,
  loadLanguages,
  subscribeLanguages,
} from './highlight-languages.ts';
import { markdownToHtml } from './markdown-html.ts';

/**
 * Finished texts already rendered (per grammar version and UI language), least recently used
 * first. Reopening a conversation then draws its answers without parsing them again (a third
 * of the main thread's work when a long conversation opened, profiled).
 */
const rendered = new Map<string, string>();
const RENDERED_LIMIT = 300;

function renderMarkdown(
  text: string,
  version: number,
  language: string,
  copyLabel: string,
  keep: boolean,
): string {
  const key = `${version}\u0000${language}\u0000${text}`;
  const hit = rendered.get(key);
  if (hit !== undefined) {
    rendered.delete(key);
    rendered.set(key, hit);
    return hit;
  }
  const html = markdownToHtml(text, copyLabel);
  if (keep) {
    rendered.set(key, html);
    const oldest = rendered.keys().next();
    if (rendered.size > RENDERED_LIMIT && !oldest.done) rendered.delete(oldest.value);
  }
  return html;
}

/**
 * Model output as GitHub-flavoured Markdown with highlighted code. Raw HTML is not rendered.
 * Code is highlighted once its language's grammar has loaded (plain until then). `streaming`:
 * the text is still growing, so its renderings are not kept.
 */
export const Markdown = memo(function Markdown({
  text,
  streaming = false,
}: {
  text: string;
  streaming?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const version = useSyncExternalStore(subscribeLanguages, languagesVersion, languagesVersion);
  useEffect(() => void loadLanguages(fenceLanguages(text)), [text]);
  const copyLabel = t('common.copyCode');
  const html = useMemo(
    () => renderMarkdown(text, version, i18n.language, copyLabel, !streaming),
    [text, version, i18n.language, copyLabel, streaming],
  );
  // The code blocks' Copy buttons are part of the HTML: their clicks are handled here.
  const onClick = (event: MouseEvent<HTMLDivElement>) =>
    void copyCodeOnClick(event.target, {
      copied: t('common.copied'),
      failed: t('common.copyFailed'),
    });
  return <div className="markdown" onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />;
});
