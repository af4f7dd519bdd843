import { useCallback, useRef, useState } from 'react';
import type { ChatAttachment } from '../../../../shared/chat-attachments.ts';
import { limitProblem, readAttachment } from './read-attachment.ts';

export interface PendingAttachments {
  items: ChatAttachment[];
  /** Why the files last offered were refused, one line each (cleared by the next offer). */
  problems: string[];
  reading: boolean;
  add(files: readonly File[]): Promise<void>;
  remove(index: number): void;
  /** Empties the list (sent) or puts a list back (the send was refused). */
  replace(items: ChatAttachment[]): void;
}

/** The files attached to the message being written, with the reasons any were refused. */
export function usePendingAttachments(): PendingAttachments {
  const [items, setItems] = useState<ChatAttachment[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const [reading, setReading] = useState(false);
  // The list as of now, for limits checked after an await (state in the closure may be stale).
  const current = useRef<ChatAttachment[]>([]);

  const commit = useCallback((next: ChatAttachment[]) => {
    current.current = next;
    setItems(next);
  }, []);

  const add = useCallback(
    async (files: readonly File[]) => {
      if (files.length === 0) return;
      setReading(true);
      const refused: string[] = [];
      try {
        for (const file of files) {
          const outcome = await readAttachment(file);
          if (!outcome.ok) {
            refused.push(outcome.error);
            continue;
          }
          const problem = limitProblem(current.current, outcome.attachment);
          if (problem) refused.push(problem);
          else commit([...current.current, outcome.attachment]);
        }
      } finally {
        setProblems(refused);
        setReading(false);
      }
    },
    [commit],
  );

  const remove = useCallback(
    (index: number) => {
      commit(current.current.filter((_, i) => i !== index));
      setProblems([]);
    },
    [commit],
  );

  const replace = useCallback(
    (next: ChatAttachment[]) => {
      commit(next);
      setProblems([]);
    },
    [commit],
  );

  return { items, problems, reading, add, remove, replace };
}
