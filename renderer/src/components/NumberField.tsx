import type { ReactNode, Ref } from 'react';
import { Field } from './Field.tsx';

interface NumberFieldProps {
  label: string;
  hint?: ReactNode;
  error?: string | null;
  /** As typed: the form checks it when it is saved, so a half-typed number is not fought. */
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  /** Whole numbers only: the numeric keypad, without a decimal point. */
  whole?: boolean;
  /** Shown before the value, as a unit (`$`); not read out, the label says it. */
  prefix?: string;
  inputRef?: Ref<HTMLInputElement>;
}

/** A labelled text field for a number, with its hint and error tied to it. */
export function NumberField({
  label,
  hint,
  error,
  value,
  onChange,
  placeholder,
  whole = false,
  prefix,
  inputRef,
}: NumberFieldProps) {
  return (
    <Field label={label} hint={hint} error={error ?? null}>
      {(p) => {
        const input = (
          <input
            {...p}
            ref={inputRef}
            className="input"
            inputMode={whole ? 'numeric' : 'decimal'}
            autoComplete="off"
            placeholder={placeholder}
            value={value}
            onChange={(e) => onChange(e.target.value)}
          />
        );
        return prefix === undefined ? (
          input
        ) : (
          <div className="input-affix">
            <span aria-hidden="true">{prefix}</span>
            {input}
          </div>
        );
      }}
    </Field>
  );
}
