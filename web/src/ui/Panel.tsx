import type { ReactNode } from 'react';
import { cx } from '../lib/cx';
import './page.css';

type PanelProps = {
  title?: string;
  /** Optional controls next to the title. */
  aside?: ReactNode;
  tone?: 'default' | 'warning';
  children: ReactNode;
};

/** A titled card that groups one section of a page. */
export function Panel({ title, aside, tone = 'default', children }: PanelProps) {
  return (
    <section className={cx('panel', tone !== 'default' && `panel--${tone}`)}>
      {(title || aside) && (
        <div className="panel__head">
          {title && <h2 className="panel__title">{title}</h2>}
          {aside}
        </div>
      )}
      {children}
    </section>
  );
}
