import { lazy, Suspense } from 'react';

// The Markdown renderer (marked; the highlighter's core comes with the first code block) is the
// heaviest part of Chat: it loads with the first answer shown, not with the page, so an empty
// Chat or a new conversation opens without it (issue 18's per-page weight budget).
const Markdown = lazy(async () => ({ default: (await import('./Markdown.tsx')).Markdown }));

/** Model output as Markdown; until the renderer has loaded, the same text as plain paragraphs. */
export function LazyMarkdown({ text, streaming }: { text: string; streaming?: boolean }) {
  return (
    <Suspense
      fallback={
        <div className="markdown markdown-loading">
          <p>{text}</p>
        </div>
      }
    >
      <Markdown text={text} streaming={streaming} />
    </Suspense>
  );
}
