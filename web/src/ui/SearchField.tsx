import type { ComponentPropsWithRef } from 'react';
import { Search, X } from 'lucide-react';
import './form.css';

type SearchFieldProps = Omit<ComponentPropsWithRef<'input'>, 'value' | 'onChange' | 'type'> & {
  /** Read by screen readers (the field has no visible label). */
  label: string;
  clearLabel: string;
  value: string;
  onChange: (value: string) => void;
};

/** A search box with a magnifier and a button that empties it. */
export function SearchField({ label, clearLabel, value, onChange, ...rest }: SearchFieldProps) {
  return (
    <div className="search-field">
      <Search aria-hidden size={17} className="search-field__icon" />
      <input
        type="search"
        className="field__input search-field__input"
        aria-label={label}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        {...rest}
      />
      {value && (
        <button
          type="button"
          className="icon-button icon-button--sm search-field__clear"
          aria-label={clearLabel}
          onClick={() => onChange('')}
        >
          <X aria-hidden size={16} />
        </button>
      )}
    </div>
  );
}
