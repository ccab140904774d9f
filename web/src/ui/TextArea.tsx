import { useId, type ComponentPropsWithRef } from 'react';
import { cx } from '../lib/cx';
import './form.css';

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
  const id = useId();
  const noteId = `${id}-note`;
  const note = error ?? hint;
  return (
    <div className={cx('field', error && 'field--invalid', className)}>
      <div className="field__label-row">
        <label htmlFor={id} className="field__label">
          {label}
        </label>
        {counter && <span className="field__counter">{counter}</span>}
      </div>
      <textarea
        id={id}
        className="field__input field__input--multiline"
        value={value}
        rows={rows}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        aria-invalid={error ? true : undefined}
        aria-describedby={note ? noteId : undefined}
        {...rest}
      />
      {note && (
        <p id={noteId} className={error ? 'field__error' : 'field__hint'}>
          {note}
        </p>
      )}
    </div>
  );
}
