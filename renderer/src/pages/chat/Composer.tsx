import { Paperclip, SendHorizontal, Square } from 'lucide-react';
import { useRef, useState, type ClipboardEvent, type DragEvent, type KeyboardEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Spinner } from '../../components/Spinner.tsx';
import { useChatStore } from '../../stores/chat-store.ts';
import { AttachmentList } from './AttachmentList.tsx';
import { ACCEPTED_FILES } from './read-attachment.ts';
import { usePendingAttachments } from './use-pending-attachments.ts';

interface ComposerProps {
  /** Why sending is not possible yet (e.g. no model), or null. */
  blocked: string | null;
  streamingId: string | null;
}

const hasFiles = (event: DragEvent): boolean => event.dataTransfer.types.includes('Files');

/**
 * The message box: Enter sends, Shift+Enter adds a line; Stop while an answer streams. Images
 * and text files are attached with the button, by pasting or by dropping them on the box.
 */
export function Composer({ blocked, streamingId }: ComposerProps) {
  const { t } = useTranslation();
  const send = useChatStore((s) => s.send);
  const stop = useChatStore((s) => s.stop);
  const sending = useChatStore((s) => s.sending);
  const [text, setText] = useState('');
  const [dropping, setDropping] = useState(false);
  const files = usePendingAttachments();
  const picker = useRef<HTMLInputElement>(null);

  const canSend =
    !blocked &&
    !sending &&
    !files.reading &&
    streamingId === null &&
    (text.trim().length > 0 || files.items.length > 0);

  const submit = async () => {
    if (!canSend) return;
    const content = text;
    const attachments = files.items;
    setText('');
    files.replace([]);
    // Give the text and files back if the app refused them, so nothing is lost.
    if (!(await send(content, attachments))) {
      setText(content);
      files.replace(attachments);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // isComposing: Enter also confirms an IME composition, which must not send.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };

  // A pasted screenshot arrives as a file; pasted text is left to the text box.
  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const pasted = Array.from(event.clipboardData.files);
    if (pasted.length === 0 || blocked) return;
    event.preventDefault();
    void files.add(pasted);
  };

  const onDrop = (event: DragEvent<HTMLFormElement>) => {
    setDropping(false);
    if (!hasFiles(event) || blocked) return;
    event.preventDefault();
    void files.add(Array.from(event.dataTransfer.files));
  };

  return (
    <form
      className={dropping ? 'composer dropping' : 'composer'}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      onDragOver={(event) => {
        if (!hasFiles(event) || blocked) return;
        event.preventDefault();
        setDropping(true);
      }}
      onDragLeave={() => setDropping(false)}
      onDrop={onDrop}
    >
      <AttachmentList attachments={files.items} onRemove={files.remove} />
      {files.problems.length > 0 ? (
        <div className="composer-problems" role="alert">
          <ul>
            {files.problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <label className="visually-hidden" htmlFor="chat-composer">
        {t('chat.composer.label')}
      </label>
      <textarea
        id="chat-composer"
        className="textarea composer-input"
        rows={3}
        value={text}
        placeholder={blocked ?? t('chat.composer.placeholder')}
        aria-describedby="composer-hint"
        disabled={blocked !== null}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
      />
      <div className="composer-bar">
        <input
          ref={picker}
          type="file"
          multiple
          hidden
          accept={ACCEPTED_FILES}
          aria-label={t('chat.composer.files')}
          onChange={(event) => {
            void files.add(Array.from(event.target.files ?? []));
            // The same file can be picked again after it was removed.
            event.target.value = '';
          }}
        />
        <button
          type="button"
          className="btn btn-ghost btn-sm btn-icon"
          aria-label={t('chat.composer.attach')}
          title={t('chat.composer.attachHint')}
          disabled={blocked !== null || files.reading}
          onClick={() => picker.current?.click()}
        >
          {files.reading ? <Spinner size={13} /> : <Paperclip size={14} aria-hidden="true" />}
        </button>
        <span id="composer-hint" className="field-hint">
          {streamingId ? (
            <Trans i18nKey="chat.composer.stopHint" components={{ kbd: <kbd /> }} />
          ) : (
            <Trans i18nKey="chat.composer.sendHint" components={{ kbd: <kbd /> }} />
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
            {t('chat.composer.stop')}
          </button>
        ) : (
          <button type="submit" className="btn btn-primary" disabled={!canSend}>
            {sending ? <Spinner size={14} /> : <SendHorizontal size={14} aria-hidden="true" />}
            {t('chat.composer.send')}
          </button>
        )}
      </div>
    </form>
  );
}
