// The one table of the staff pages (alerts, users, audit, the console's forms, content and
// submissions, a submission's answers, insights): a caption names it, and it sits in a box named
// by that caption that takes the keyboard focus, so a table wider than a 320 px phone or 200 % text
// scrolls sideways inside that box (by keyboard too) instead of widening the page. The box is a
// group, not a region landmark: most tables sit under a section named like their caption, and two
// landmarks of one name are an axe fault (landmark-unique). Rows are the page's own
// <tr> elements (a row may keep its own state, like a user's roles), with <th scope="row"> where
// a row has a name.
import { useId, type ReactNode } from 'react';
import './staff-table.css';

export type StaffTableProps = {
  /** Names the table and the region around it. */
  caption: ReactNode;
  /** Hidden from sight (still read out) when a heading just above already says the same. */
  captionVisible?: boolean;
  /** The column headers, in order; none for a table of named rows (a row header and its values). */
  columns?: readonly ReactNode[];
  /** The language of the rows' text when it is not the page's (a form's answers in its own language). */
  rowsLang?: string;
  /** A modifier for one page's look (a new alert's bar, the answers' question column). */
  className?: string;
  children: ReactNode;
};

export function StaffTable({ caption, captionVisible = false, columns, rowsLang, className, children }: StaffTableProps) {
  const captionId = useId();
  return (
    <div className="staff-table-region" role="group" aria-labelledby={captionId} tabIndex={0}>
      <table className={className ? `staff-table ${className}` : 'staff-table'}>
        <caption id={captionId} className={captionVisible ? undefined : 'visually-hidden'}>
          {caption}
        </caption>
        {columns && columns.length > 0 && (
          <thead>
            <tr>
              {columns.map((column, index) => (
                <th scope="col" key={index}>
                  {column}
                </th>
              ))}
            </tr>
          </thead>
        )}
        <tbody lang={rowsLang}>{children}</tbody>
      </table>
    </div>
  );
}
