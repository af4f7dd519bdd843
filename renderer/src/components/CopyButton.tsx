import { useTranslation } from 'react-i18next';
import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { copyText } from '../lib/clipboard.ts';
import { toast } from '../stores/toast-store.ts';

interface CopyButtonProps {
  /** The text, or a function giving it at click time (e.g. a rendered code block's). */
  text: string | (() => string);
  /** The accessible name, e.g. "Copy curl snippet"; the visible text is "Copy". */
  label: string;
  className?: string;
  iconOnly?: boolean;
}

export function CopyButton({
  text,
  label,
  className = 'btn btn-sm',
  iconOnly = false,
}: CopyButtonProps) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 1500);
    return () => clearTimeout(timer);
  }, [copied]);

  const onClick = async () => {
    const ok = await copyText(typeof text === 'function' ? text() : text);
    if (ok) {
      setCopied(true);
      toast.success(t('common.copied'));
    } else {
      toast.error(t('common.copyFailed'));
    }
  };

  const Icon = copied ? Check : Copy;
  return (
    <button
      type="button"
      className={iconOnly ? `${className} btn-icon` : className}
      aria-label={label}
      title={label}
      onClick={() => void onClick()}
    >
      <Icon size={14} aria-hidden="true" />
      {iconOnly ? null : (
        <span aria-hidden="true">{copied ? t('common.copiedShort') : t('common.copy')}</span>
      )}
    </button>
  );
}
