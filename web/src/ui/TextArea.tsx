import type { ComponentPropsWithRef } from 'react';
import { FieldFrame } from './FieldFrame';

type TextAreaProps = Omit<
  ComponentPropsWithRef<'textarea'>,
  'value' | 'onChange' | 'onBlur' | 'id'
> & {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string;
  hint?: string;
  /** Shown at the end of the label row, e.g. "120/500". */
  counter?: string;
};

/** A labelled multi-line input, with its hint or error below. */
export function TextArea({
  label,
  value,
  onChange,
  onBlur,
  error,
  hint,
  counter,
  className,
  rows = 3,
  ...rest
}: TextAreaProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint} counter={counter} className={className}>
      {(ids) => (
        <textarea
          {...ids}
          className="field__input field__input--multiline"
          value={value}
          rows={rows}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
          {...rest}
        />
      )}
    </FieldFrame>
  );
}
