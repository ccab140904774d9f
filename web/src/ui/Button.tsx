import type { ComponentPropsWithRef } from 'react';
import type { LucideIcon } from 'lucide-react';
import { buttonClass, type ButtonSize, type ButtonVariant } from './button-class';
import './button.css';

type ButtonProps = ComponentPropsWithRef<'button'> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  icon?: LucideIcon;
  /**
   * Working: the button looks and reads as unavailable but keeps the focus (a disabled button
   * would drop it); its form ignores a second submit meanwhile.
   */
  busy?: boolean;
};

export function Button({
  variant,
  size,
  icon: Icon,
  className,
  children,
  type = 'button',
  busy,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClass(variant, size, className)}
      aria-disabled={busy || undefined}
      aria-busy={busy || undefined}
      {...rest}
    >
      {Icon && <Icon aria-hidden size={size === 'sm' ? 15 : 17} strokeWidth={2.2} />}
      {children}
    </button>
  );
}
