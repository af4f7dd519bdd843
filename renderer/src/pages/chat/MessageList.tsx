import { useTranslation } from 'react-i18next';
import { useVirtualizer } from '@tanstack/react-virtual';
import { MessageSquareDashed } from 'lucide-react';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { ChatMessage } from '../../../../shared/contract.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { useChatStore } from '../../stores/chat-store.ts';
import { MessageItem } from './MessageItem.tsx';

const hasImages = (message: ChatMessage | undefined): boolean =>
  message?.role === 'user' && message.attachments.some((a) => a.kind === 'image');

/** A first guess at a message's height; each is measured once drawn. */
const ESTIMATED_HEIGHT = 140;
/** Gap between messages (matches --space-5). */
const GAP = 20;

/**
 * Messages, kept scrolled to the newest while the user is at the bottom. Only those near the
 * view are in the DOM, so a long conversation opens as fast as a short one.
 */
export function MessageList({
  messages,
  versions,
}: {
  messages: ChatMessage[];
  /** The versions of each message shown that has more than one. */
  versions: Record<string, string[]>;
}) {
  const { t } = useTranslation();
  const scroller = useRef<HTMLDivElement>(null);
  const pinned = useRef(true);
  const regenerate = useChatStore((s) => s.regenerate);
  const sending = useChatStore((s) => s.sending);
  const anyStreaming = useChatStore((s) => messages.some((m) => m.id in s.streaming));
  // Any streamed text change should keep the view pinned; its total length is a cheap signal.
  const streamedLength = useChatStore((s) =>
    messages.reduce((n, m) => n + (s.streamText[m.id]?.length ?? 0), 0),
  );
  const onRegenerate = useCallback(() => void regenerate(), [regenerate]);
  const virtualizer = useVirtualizer({
    count: messages.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ESTIMATED_HEIGHT,
    // The versions of a message share a key: showing another one keeps its item (and the
    // version buttons, with the focus on the one pressed) in place.
    getItemKey: (index) => {
      const message = messages[index];
      return message ? (versions[message.id]?.[0] ?? message.id) : index;
    },
    gap: GAP,
    overscan: 4,
    // A conversation opens at its newest message: start down there, so the first render draws
    // the last messages instead of the first ones, only to replace them once scrolled (the list
    // is mounted afresh for each conversation, and `attachScroller` puts the view there).
    initialOffset: () => messages.length * (ESTIMATED_HEIGHT + GAP),
  });
  const attachScroller = useCallback((el: HTMLDivElement | null) => {
    scroller.current = el;
  }, []);
  // The messages are drawn one task after the page around them: opening Chat from another page
  // with a long conversation otherwise laid the page out, drew the messages and measured each of
  // them in one main-thread task over 50 ms (issue 18's long-task budget); split, neither half is.
  const [drawn, setDrawn] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setDrawn(true), 0);
    return () => clearTimeout(timer);
  }, []);

  useLayoutEffect(() => {
    if (drawn && pinned.current && messages.length > 0) {
      virtualizer.scrollToIndex(messages.length - 1, { align: 'end' });
    }
  }, [drawn, messages, streamedLength, virtualizer]);

  const onScroll = () => {
    const el = scroller.current;
    if (el) pinned.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
  };

  if (messages.length === 0) {
    return (
      <div className="message-scroll">
        <EmptyState icon={<MessageSquareDashed size={20} />} title={t('chat.messages.empty.title')}>
          {t('chat.messages.empty.body')}
        </EmptyState>
      </div>
    );
  }

  if (!drawn) return <div className="message-scroll" aria-busy="true" />;

  const last = messages.at(-1);
  return (
    <div className="message-scroll" ref={attachScroller} onScroll={onScroll}>
      <div
        className="message-list"
        role="log"
        aria-label={t('chat.messages.label')}
        style={{ height: virtualizer.getTotalSize() }}
      >
        {virtualizer.getVirtualItems().map((item) => {
          const message = messages[item.index];
          if (!message) return null;
          return (
            <div
              key={item.key}
              ref={virtualizer.measureElement}
              data-index={item.index}
              className="message-slot"
              style={{ transform: `translateY(${item.start}px)` }}
            >
              <MessageItem
                message={message}
                isLast={message.role === 'assistant' && message.id === last?.id}
                onRegenerate={onRegenerate}
                busy={sending || anyStreaming}
                askedWithImages={
                  message.role === 'assistant' && hasImages(messages[item.index - 1])
                }
                versions={versions[message.id]}
              />
            </div>
          );
        })}
      </div>
    </div>
  );
}
