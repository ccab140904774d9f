import type { ReactNode } from 'react';
import { CircleAlert, CircleCheck, Info, type LucideIcon } from 'lucide-react';
import { cx } from '../lib/cx';
import './form.css';

type AlertTone = 'error' | 'success' | 'info';

type AlertProps = { tone: AlertTone; children: ReactNode; className?: string };

const ICONS: Record<AlertTone, LucideIcon> = {
  error: CircleAlert,
  success: CircleCheck,
  info: Info,
};

/** An inline message in a form or section; errors are announced at once, the rest politely. */
export function Alert({ tone, children, className }: AlertProps) {
  const Icon = ICONS[tone];
  return (
    <div
      className={cx('alert', `alert--${tone}`, className)}
      role={tone === 'error' ? 'alert' : 'status'}
    >
      <Icon aria-hidden size={18} className="alert__icon" />
      <div className="alert__body">{children}</div>
    </div>
  );
}
