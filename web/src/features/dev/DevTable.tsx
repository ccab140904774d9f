import type { ReactNode } from 'react';

type DevTableProps = {
  /** The column headings; an empty one for a column of buttons. */
  headings: readonly string[];
  /** Read by screen readers when the table has no caption of its own. */
  label?: string;
  /** Shown instead of the table when there are no rows (nothing when not given). */
  empty?: string;
  rows: readonly unknown[];
  children: ReactNode;
};

/** The developer tools' table: headings, a row each, and what to say when there is none. */
export function DevTable({ headings, label, empty, rows, children }: DevTableProps) {
  if (rows.length === 0) return empty ? <p className="dev-muted">{empty}</p> : null;
  return (
    <div className="dev-table-wrap">
      <table className="dev-table" aria-label={label}>
        <thead>
          <tr>
            {headings.map((heading, index) => (
              <th key={`${index}:${heading}`}>{heading}</th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
