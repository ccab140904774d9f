import type { ComponentPropsWithRef } from 'react';
import { ChevronDown } from 'lucide-react';
import { cx } from '../lib/cx';
import './form.css';

export type SelectOption<V extends string> = { value: V; label: string };

type SelectProps<V extends string> = Omit<
  ComponentPropsWithRef<'select'>,
  'value' | 'onChange' | 'children'
> & {
  value: V;
  options: readonly SelectOption<V>[];
  onChange: (value: V) => void;
  /** A smaller select, for a row of a list. */
  compact?: boolean;
};

/**
 * A native select in the style of the fields: the browser's own list (and the phone's picker),
 * so it works with every keyboard and screen reader. Label it with aria-label or a <label>.
 */
export function Select<V extends string>({
  value,
  options,
  onChange,
  compact,
  className,
  ...rest
}: SelectProps<V>) {
  return (
    <span className={cx('select', compact && 'select--sm', className)}>
      <select
        className="select__input"
        value={value}
        onChange={(event) => onChange(event.target.value as V)}
        {...rest}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <ChevronDown aria-hidden size={16} className="select__icon" />
    </span>
  );
}
