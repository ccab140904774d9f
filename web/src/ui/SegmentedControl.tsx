import { useId } from 'react';
import type { LucideIcon } from 'lucide-react';
import './segmented.css';

export type SegmentedOption<V extends string> = { value: V; label: string; icon?: LucideIcon };

type SegmentedControlProps<V extends string> = {
  legend: string;
  value: V;
  options: readonly SegmentedOption<V>[];
  onChange: (value: V) => void;
};

/** One choice among a few, shown side by side: a radio group (arrow keys move the choice). */
export function SegmentedControl<V extends string>({
  legend,
  value,
  options,
  onChange,
}: SegmentedControlProps<V>) {
  const name = useId();
  return (
    <fieldset className="segmented">
      <legend className="segmented__legend">{legend}</legend>
      <div className="segmented__options">
        {options.map(({ value: option, label, icon: Icon }) => (
          <label key={option} className="segmented__option">
            <input
              type="radio"
              name={name}
              value={option}
              checked={option === value}
              onChange={() => onChange(option)}
              className="segmented__input"
            />
            <span className="segmented__face">
              {Icon && <Icon aria-hidden size={16} />}
              {label}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
