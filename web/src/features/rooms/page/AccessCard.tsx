import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';

export type AccessLook = {
  icon: LucideIcon;
  title: string;
  text: string;
  tone: 'info' | 'waiting' | 'denied';
};

type AccessCardProps = { look: AccessLook; children?: ReactNode };

/** One state of asking to join a room: what it is, what it means, and what to do next. */
export function AccessCard({ look: { icon: Icon, title, text, tone }, children }: AccessCardProps) {
  return (
    <section className={`access-card access-card--${tone}`} role="status">
      <span className="access-card__icon" aria-hidden>
        <Icon size={20} strokeWidth={2.2} />
      </span>
      <div className="access-card__body">
        <h2 className="access-card__title">{title}</h2>
        <p className="access-card__text">{text}</p>
      </div>
      {children && <div className="access-card__action">{children}</div>}
    </section>
  );
}
