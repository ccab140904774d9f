import { useState, type ComponentProps } from 'react';
import { Eye, EyeOff } from 'lucide-react';
import { TextField } from './TextField';

type PasswordFieldProps = Omit<ComponentProps<typeof TextField>, 'type' | 'trailing'> & {
  showLabel: string;
  hideLabel: string;
};

/** A password input with a button that shows what was typed. */
export function PasswordField({ showLabel, hideLabel, ...rest }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  const Icon = visible ? EyeOff : Eye;
  return (
    <TextField
      {...rest}
      type={visible ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          className="icon-button icon-button--sm"
          aria-label={visible ? hideLabel : showLabel}
          aria-pressed={visible}
          onClick={() => setVisible((shown) => !shown)}
        >
          <Icon aria-hidden size={16} />
        </button>
      }
    />
  );
}
