import type { ComponentPropsWithRef } from 'react';
import type { LucideIcon } from 'lucide-react';
import { cx } from '../lib/cx';
import { Tooltip } from './Tooltip';
import './button.css';

type IconButtonProps = Omit<ComponentPropsWithRef<'button'>, 'children'> & {
  /** Read by screen readers and shown as the tooltip. */
  label: string;
  icon: LucideIcon;
  size?: 'sm' | 'md';
};

export function IconButton({
  label,
  icon: Icon,
  size = 'md',
  className,
  type = 'button',
  ...rest
}: IconButtonProps) {
  return (
    <Tooltip content={label}>
      <button
        type={type}
        aria-label={label}
        className={cx('icon-button', `icon-button--${size}`, className)}
        {...rest}
      >
        <Icon aria-hidden size={size === 'sm' ? 16 : 18} strokeWidth={2.2} />
      </button>
    </Tooltip>
  );
}
