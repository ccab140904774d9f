import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import './page.css';

type EmptyStateProps = {
  icon: LucideIcon;
  title: string;
  text?: string;
  children?: ReactNode;
};

/** What a list or section shows while it has nothing in it. */
export function EmptyState({ icon: Icon, title, text, children }: EmptyStateProps) {
  return (
    <div className="empty-state">
      <span className="empty-state__icon" aria-hidden>
        <Icon size={26} strokeWidth={2} />
      </span>
      <h3 className="empty-state__title">{title}</h3>
      {text && <p className="empty-state__text">{text}</p>}
      {children && <div className="empty-state__actions">{children}</div>}
    </div>
  );
}
