import { CircleCheck } from 'lucide-react';
import { CopyButton } from '../../components/CopyButton.tsx';
import { useAppStore } from '../../stores/app-store.ts';

interface DoneStepProps {
  onFinish: (page: 'chat' | 'settings' | 'tools') => void;
}

export function DoneStep({ onFinish }: DoneStepProps) {
  const gateway = useAppStore((s) => s.status?.gateway);
  return (
    <div className="stack">
      <span className="state-icon done-icon" aria-hidden="true">
        <CircleCheck size={22} />
      </span>
      <h1>You’re set</h1>
      {gateway?.running && gateway.url ? (
        <div className="stack-sm">
          <p className="muted">The gateway is listening. Point your tools at:</p>
          <div className="token-value">
            <code>{gateway.url}</code>
            <CopyButton text={gateway.url} label="Copy gateway URL" />
          </div>
        </div>
      ) : (
        <p className="muted">
          The gateway is not running yet{gateway?.error ? `: ${gateway.error}` : '.'} You can fix
          this in Settings.
        </p>
      )}
      <p className="muted">
        Connect Claude Code, Codex CLI, Gemini CLI or OpenCode in one click on the Tools page: it
        edits the tool’s config file (showing you the change first) and gives it a token of its own.
        For anything else, create a token in Settings, where you will also find ready-made snippets
        for curl, the OpenAI SDKs and @google/genai.
      </p>
      <div className="form-actions">
        <button type="button" className="btn btn-primary" onClick={() => onFinish('tools')}>
          Connect your tools
        </button>
        <button type="button" className="btn" onClick={() => onFinish('settings')}>
          Create a token
        </button>
        <button type="button" className="btn" onClick={() => onFinish('chat')}>
          Go to Chat
        </button>
      </div>
    </div>
  );
}
