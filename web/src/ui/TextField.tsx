import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cx } from '../lib/cx';
import { FieldFrame } from './FieldFrame';

type InputProps = Omit<ComponentPropsWithRef<'input'>, 'value' | 'onChange' | 'onBlur' | 'id'>;

type TextFieldProps = InputProps & {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** The message shown under the field when its value is not accepted. */
  error?: string;
  hint?: ReactNode;
  /** A control inside the field on the right (e.g. show password). */
  trailing?: ReactNode;
  /** Fixed text before the value, inside the field (e.g. `room/`). */
  prefix?: string;
  /** Shown at the end of the label row, e.g. a live "12/50" character count. */
  counter?: string;
};

/** A labelled text input with its hint or error below, linked for screen readers. */
export function TextField({
  label,
  value,
  onChange,
  onBlur,
  error,
  hint,
  trailing,
  prefix,
  counter,
  className,
  ...rest
}: TextFieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint} counter={counter} className={className}>
      {(ids) => (
        <div className={cx('field__control', prefix && 'field__control--prefixed')}>
          {prefix && (
            <span className="field__prefix" aria-hidden>
              {prefix}
            </span>
          )}
          <input
            {...ids}
            className={cx('field__input', trailing ? 'field__input--trailing' : undefined)}
            value={value}
            onChange={(event) => onChange(event.target.value)}
            onBlur={onBlur}
            {...rest}
          />
          {trailing && <div className="field__trailing">{trailing}</div>}
        </div>
      )}
    </FieldFrame>
  );
}
