import { SendHorizontal, Square } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import { Spinner } from '../../components/Spinner.tsx';
import { useChatStore } from '../../stores/chat-store.ts';

interface ComposerProps {
  /** Why sending is not possible yet (e.g. no model), or null. */
  blocked: string | null;
  streamingId: string | null;
}

/** The message box: Enter sends, Shift+Enter adds a line; Stop while an answer streams. */
export function Composer({ blocked, streamingId }: ComposerProps) {
  const send = useChatStore((s) => s.send);
  const stop = useChatStore((s) => s.stop);
  const sending = useChatStore((s) => s.sending);
  const [text, setText] = useState('');

  const canSend = !blocked && !sending && streamingId === null && text.trim().length > 0;

  const submit = async () => {
    if (!canSend) return;
    const content = text;
    setText('');
    // Give the text back if the app refused it, so nothing typed is lost.
    if (!(await send(content))) setText(content);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // isComposing: Enter also confirms an IME composition, which must not send.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <form
      className="composer"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <label className="visually-hidden" htmlFor="chat-composer">
        Message
      </label>
      <textarea
        id="chat-composer"
        className="textarea composer-input"
        rows={3}
        value={text}
        placeholder={blocked ?? 'Message the model…'}
        aria-describedby="composer-hint"
        disabled={blocked !== null}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
      />
      <div className="composer-bar">
        <span id="composer-hint" className="field-hint">
          {streamingId ? (
            <>
              <kbd>Esc</kbd> to stop the answer
            </>
          ) : (
            <>
              <kbd>Enter</kbd> to send, <kbd>Shift</kbd>+<kbd>Enter</kbd> for a new line
            </>
          )}
        </span>
        {streamingId ? (
          <button
            type="button"
            className="btn"
            aria-keyshortcuts="Escape"
            onClick={() => void stop()}
          >
            <Square size={12} aria-hidden="true" fill="currentColor" />
            Stop
          </button>
        ) : (
          <button type="submit" className="btn btn-primary" disabled={!canSend}>
            {sending ? <Spinner size={14} /> : <SendHorizontal size={14} aria-hidden="true" />}
            Send
          </button>
        )}
      </div>
    </form>
  );
}
