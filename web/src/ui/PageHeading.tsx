import type { ReactNode } from 'react';
import './page.css';

type PageHeadingProps = {
  title: string;
  intro?: string;
  /** Shown above the title in small capitals. */
  eyebrow?: ReactNode;
  children?: ReactNode;
};

/** The heading block at the top of a page: the page's h1 and its introduction. */
export function PageHeading({ title, intro, eyebrow, children }: PageHeadingProps) {
  return (
    <div className="page-heading">
      {eyebrow && <p className="page-heading__eyebrow">{eyebrow}</p>}
      <h1 className="page-heading__title">{title}</h1>
      {intro && <p className="page-heading__intro">{intro}</p>}
      {children}
    </div>
  );
}
