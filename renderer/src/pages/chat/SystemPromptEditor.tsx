import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { Spinner } from '../../components/Spinner.tsx';
import { useChatStore } from '../../stores/chat-store.ts';
import { toast } from '../../stores/toast-store.ts';
import { useBusyAction } from '../../lib/use-busy-action.ts';

/** The conversation's system prompt, saved with the conversation. */
export function SystemPromptEditor({
  value,
  onDone,
}: {
  value: string | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const update = useChatStore((s) => s.update);
  const [text, setText] = useState(value ?? '');
  const { busy, perform } = useBusyAction({ onError: (message) => toast.error(message) });

  const save = async () => {
    await perform(async () => {
      await update({ systemPrompt: text.trim() ? text : null });
      toast.success(t('chat.prompt.saved'));
      onDone();
    });
  };

  return (
    <form
      className="system-prompt"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <label className="field-label" htmlFor="system-prompt">
        {t('chat.view.systemPrompt')}
      </label>
      <textarea
        id="system-prompt"
        className="textarea"
        rows={4}
        value={text}
        placeholder={t('chat.prompt.placeholder')}
        onChange={(e) => setText(e.target.value)}
      />
      <div className="form-actions">
        <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
          {busy ? <Spinner size={13} /> : null}
          {t('chat.prompt.save')}
        </button>
        <button type="button" className="btn btn-sm" onClick={onDone} disabled={busy}>
          {t('chat.cancel')}
        </button>
      </div>
    </form>
  );
}
