import { useId, type ReactNode } from 'react';
import { cx } from '../lib/cx';
import './form.css';

/** What the control inside a frame needs to be linked to its label and note. */
export type FieldControlIds = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

type FieldFrameProps = {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  /** Shown at the end of the label row, e.g. a live "12/50" character count. */
  counter?: string | undefined;
  className?: string | undefined;
  /** The control, given the ids that tie it to the label and to the hint or error. */
  children: (ids: FieldControlIds) => ReactNode;
};

/** The label row above a form control and its hint or error below, shared by every field. */
export function FieldFrame({ label, error, hint, counter, className, children }: FieldFrameProps) {
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
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': note ? noteId : undefined,
      })}
      {note && (
        <div id={noteId} className={error ? 'field__error' : 'field__hint'}>
          {note}
        </div>
      )}
    </div>
  );
}
