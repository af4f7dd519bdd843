import { Spinner } from './Spinner.tsx';

/** A centred "Loading …" with a spinner, announced politely. */
export function LoadingState({ label }: { label: string }) {
  return (
    <div className="state" role="status" aria-live="polite">
      <Spinner size={20} />
      <p>{label}</p>
    </div>
  );
}
