import { useTranslation } from 'react-i18next';
import { CopyButton } from './CopyButton.tsx';

interface CodeBlockProps {
  code: string;
  /** What the code is, for the Copy button's name ("Copy curl snippet"). */
  label: string;
}

/** Plain preformatted code with a Copy button. */
export function CodeBlock({ code, label }: CodeBlockProps) {
  const { t } = useTranslation();
  return (
    <div className="code-block">
      <pre tabIndex={0} aria-label={label}>
        <code>{code}</code>
      </pre>
      <CopyButton
        text={code}
        label={t('common.copyLabel', { label })}
        className="btn btn-sm code-copy"
      />
    </div>
  );
}
