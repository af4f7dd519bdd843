import { ArrowRight, KeyRound, ShieldCheck, Waypoints } from 'lucide-react';
import { FORMAT_NAME, WIRE_FORMATS } from '../../../../shared/wire-formats.ts';

const FORMAT_NAMES = WIRE_FORMATS.map((format) => FORMAT_NAME[format]);
/** Every format by name: `a, b or c`. */
const FORMATS_SPOKEN = `${FORMAT_NAMES.slice(0, -1).join(', ')} or ${FORMAT_NAMES.at(-1) ?? ''}`;

interface WelcomeStepProps {
  onNext: () => void;
  onSkip: () => void;
}

export function WelcomeStep({ onNext, onSkip }: WelcomeStepProps) {
  return (
    <div className="stack">
      <h1>Welcome to Model Gateway</h1>
      <p className="muted">
        One endpoint on this machine for every model your upstream key can reach. Tools that speak
        {FORMATS_SPOKEN} all work with every model; the gateway translates where a model lacks the
        tool’s format.
      </p>
      <ul className="feature-list">
        <li>
          <Waypoints size={16} aria-hidden="true" />
          <span>Connect the hosted gateway you use (its URL and your key).</span>
        </li>
        <li>
          <KeyRound size={16} aria-hidden="true" />
          <span>The key goes to the OS keychain and never reaches a tool, a log or a file.</span>
        </li>
        <li>
          <ShieldCheck size={16} aria-hidden="true" />
          <span>Tools get their own local tokens, which you can revoke one by one.</span>
        </li>
      </ul>
      <div className="form-actions">
        <button type="button" className="btn btn-primary" onClick={onNext}>
          Get started
          <ArrowRight size={14} aria-hidden="true" />
        </button>
        <button type="button" className="btn btn-ghost" onClick={onSkip}>
          Skip setup for now
        </button>
      </div>
    </div>
  );
}
