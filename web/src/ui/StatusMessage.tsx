import type { ReactNode } from 'react';
import './page.css';

type StatusMessageProps = {
  code: string;
  title: string;
  text: string;
  children?: ReactNode;
};

/** A full-page message such as "Page not found", with a large status code. */
export function StatusMessage({ code, title, text, children }: StatusMessageProps) {
  return (
    <div className="status-message">
      <p className="status-message__code" aria-hidden>
        {code}
      </p>
      <h1 className="status-message__title">{title}</h1>
      <p className="status-message__text">{text}</p>
      {children && <div className="status-message__actions">{children}</div>}
    </div>
  );
}
