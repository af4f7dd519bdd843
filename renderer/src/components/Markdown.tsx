import { memo, useEffect, useRef, useSyncExternalStore, type ReactNode } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { CopyButton } from './CopyButton.tsx';
import {
  fenceLanguages,
  languagesVersion,
  loadLanguages,
  subscribeLanguages,
} from './highlight-languages.ts';
import { rehypeHighlightLoaded } from './rehype-highlight-loaded.ts';

const remarkPlugins = [remarkGfm];
const rehypePlugins = [rehypeHighlightLoaded];

function Pre({ children }: { children?: ReactNode }) {
  const ref = useRef<HTMLPreElement>(null);
  return (
    <div className="code-block">
      <pre ref={ref}>{children}</pre>
      <CopyButton
        text={() => ref.current?.textContent ?? ''}
        label="Copy code"
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

const MarkdownBody = memo(function MarkdownBody({ text }: { text: string; version: number }) {
  return (
    <ReactMarkdown
      remarkPlugins={remarkPlugins}
      rehypePlugins={rehypePlugins}
      components={components}
    >
      {text}
    </ReactMarkdown>
  );
});

/**
 * Model output as GitHub-flavoured Markdown with highlighted code. Raw HTML is not rendered.
 * Code is highlighted once its language's grammar has loaded (plain until then).
 */
export const Markdown = memo(function Markdown({ text }: { text: string }) {
  const version = useSyncExternalStore(subscribeLanguages, languagesVersion, languagesVersion);
  useEffect(() => void loadLanguages(fenceLanguages(text)), [text]);
  return (
    <div className="markdown">
      <MarkdownBody text={text} version={version} />
    </div>
  );
});
