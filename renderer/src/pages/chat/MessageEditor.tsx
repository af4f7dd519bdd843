import { useTranslation } from 'react-i18next';
import { useId, useState, type KeyboardEvent } from 'react';

interface MessageEditorProps {
  initial: string;
  onSend: (text: string) => Promise<void>;
  onCancel: () => void;
}

/**
 * A question edited in place. Sending it again drops the answers after it, which the button's
 * hint says, so nobody loses a thread by surprise.
 */
export function MessageEditor({ initial, onSend, onCancel }: MessageEditorProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(initial);
  const [busy, setBusy] = useState(false);
  const hintId = useId();
  const canSend = !busy && text.trim().length > 0;

  const send = async () => {
    if (!canSend) return;
    setBusy(true);
    try {
      await onSend(text);
    } finally {
      setBusy(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
    } else if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  };

  return (
    <div className="message-editor">
      <textarea
        className="textarea"
        aria-label={t('chat.editor.label')}
        aria-describedby={hintId}
        rows={Math.min(10, Math.max(2, text.split('\n').length))}
        value={text}
        // The user asked to edit: the text is theirs to change at once.
        autoFocus
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
      />
      <div className="message-editor-bar">
        <span id={hintId} className="field-hint">
          {t('chat.editor.hint')}
        </span>
        <button type="button" className="btn btn-sm" onClick={onCancel}>
          {t('chat.cancel')}
        </button>
        <button
          type="button"
          className="btn btn-primary btn-sm"
          disabled={!canSend}
          onClick={() => void send()}
        >
          {t('chat.editor.send')}
        </button>
      </div>
    </div>
  );
}
