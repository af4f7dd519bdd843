import { MessageSquareDashed } from 'lucide-react';
import { useCallback, useLayoutEffect, useRef } from 'react';
import type { ChatMessage } from '../../../../shared/contract.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { useChatStore } from '../../stores/chat-store.ts';
import { MessageItem } from './MessageItem.tsx';

/** Messages, kept scrolled to the newest while the user is at the bottom. */
export function MessageList({ messages }: { messages: ChatMessage[] }) {
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

  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && pinned.current) el.scrollTop = el.scrollHeight;
  }, [messages, streamedLength]);

  const onScroll = () => {
    const el = scroller.current;
    if (el) pinned.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
  };

  if (messages.length === 0) {
    return (
      <div className="message-scroll">
        <EmptyState icon={<MessageSquareDashed size={20} />} title="No messages yet">
          Ask something below. Answers stream in as the model writes them.
        </EmptyState>
      </div>
    );
  }

  const last = messages.at(-1);
  return (
    <div className="message-scroll" ref={scroller} onScroll={onScroll}>
      <div className="message-list" role="log" aria-label="Messages">
        {messages.map((message) => (
          <MessageItem
            key={message.id}
            message={message}
            isLast={message.role === 'assistant' && message.id === last?.id}
            onRegenerate={onRegenerate}
            busy={sending || anyStreaming}
          />
        ))}
      </div>
    </div>
  );
}
