import { memo, useRef, type ReactNode } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import rehypeHighlight from 'rehype-highlight';
import remarkGfm from 'remark-gfm';
import { CopyButton } from './CopyButton.tsx';

const remarkPlugins = [remarkGfm];
const rehypePlugins = [rehypeHighlight];

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

/** Model output as GitHub-flavoured Markdown with highlighted code. Raw HTML is not rendered. */
export const Markdown = memo(function Markdown({ text }: { text: string }) {
  return (
    <div className="markdown">
      <ReactMarkdown
        remarkPlugins={remarkPlugins}
        rehypePlugins={rehypePlugins}
        components={components}
      >
        {text}
      </ReactMarkdown>
    </div>
  );
});
