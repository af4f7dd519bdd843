import { useTranslation } from 'react-i18next';
import {
  memo,
  useEffect,
  useRef,
  useSyncExternalStore,
  type ReactElement,
  type ReactNode,
} from 'react';
import renderMarkdownTree, { type Components } from 'react-markdown';
import { CopyButton } from './CopyButton.tsx';
import {
  fenceLanguages,
  languagesVersion,
  loadLanguages,
  subscribeLanguages,
} from './highlight-languages.ts';
import { rehypeHighlightLoaded } from './rehype-highlight-loaded.ts';
import { remarkGfmParse } from './remark-gfm-parse.ts';

const remarkPlugins = [remarkGfmParse];
const rehypePlugins = [rehypeHighlightLoaded];

function Pre({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLPreElement>(null);
  return (
    <div className="code-block">
      <pre ref={ref}>{children}</pre>
      <CopyButton
        text={() => ref.current?.textContent ?? ''}
        label={t('common.copyCode')}

        className="btn btn-sm code-copy on-hover"
        iconOnly
      />
    </div>
  );
}

const components: Components = {
  pre: ({ children }) => <Pre>{children}</Pre>,
  // Model output is untrusted: links open outside the app, never inside its window.
  a: ({ href, children }) => (
    <a href={href} target="_blank" rel="noreferrer noopener">
      {children}
    </a>
  ),
};

/**
 * Finished texts already rendered (per grammar version), least recently used first. Reopening
 * a conversation then draws its answers without parsing them again (a third of the main
 * thread's work when a long conversation opened, profiled). React elements are immutable
 * descriptions, so one can be mounted again and again.
 */
const rendered = new Map<string, ReactElement>();
const RENDERED_LIMIT = 300;

function renderMarkdown(text: string, version: number, keep: boolean): ReactElement {
  const key = `${version}\u0000${text}`;
  const hit = rendered.get(key);
  if (hit) {
    rendered.delete(key);
    rendered.set(key, hit);
    return hit;
  }
  // react-markdown's synchronous `Markdown` is a plain function of its options (no hooks).
  const element = renderMarkdownTree({ remarkPlugins, rehypePlugins, components, children: text });
  if (keep) {
    rendered.set(key, element);
    const oldest = rendered.keys().next();
    if (rendered.size > RENDERED_LIMIT && !oldest.done) rendered.delete(oldest.value);
  }
  return element;
}

const MarkdownBody = memo(function MarkdownBody({
  text,
  version,
  keep,
}: {
  text: string;
  version: number;
  keep: boolean;
}) {
  return renderMarkdown(text, version, keep);
});

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
  const version = useSyncExternalStore(subscribeLanguages, languagesVersion, languagesVersion);
  useEffect(() => void loadLanguages(fenceLanguages(text)), [text]);
  return (
    <div className="markdown">
      <MarkdownBody text={text} version={version} keep={!streaming} />
    </div>
  );
});
