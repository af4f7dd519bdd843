import { useEffect, useRef } from 'react';
import { ProblemNotice } from '../../components/ProblemNotice.tsx';
import type { ChatErrorKind } from '../../../../shared/contract.ts';
import { describeChatError } from '../../../../shared/describe-upstream-problem.ts';
import { useTranslation } from 'react-i18next';
import { focusModelPicker } from './focus-model-picker.ts';

interface MessageErrorProps {
  error: string;
  /** Stored with the answer since kinds were; null for older answers (worded by their text). */
  errorKind: ChatErrorKind | null;
  /** The conversation's last answer: Retry regenerates it. */
  isLast: boolean;
  onRegenerate: () => void;
  busy: boolean;
  /** The answer failed while the user watched (not an old failure in a reopened chat). */
  justFailed: boolean;
}

/**
 * Why an answer failed, told apart by the kind stored with it (cannot reach, key rejected,
 * model cannot chat, rate limited, the model's own error) with the fix for each, over the
 * upstream's own words.
 */
export function MessageError({
  error,
  errorKind,
  isLast,
  onRegenerate,
  busy,
  justFailed,
}: MessageErrorProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    // The Stop button that had the focus is gone when an answer ends: rather than leave the
    // focus nowhere, put it on what went wrong. Never taken from where the user put it.
    const active = document.activeElement;
    if (justFailed && (active === null || active === document.body)) ref.current?.focus();
    // Once, as the error appears.
  }, []);

  return (
    <ProblemNotice
      ref={ref}
      problem={describeChatError({ error, errorKind }, t)}
      className="message-error"
      live={justFailed}
      onRetry={isLast ? onRegenerate : undefined}
      onPickModel={focusModelPicker}
      busy={busy}
    />
  );
}
