// The one table of the staff pages (alerts, users, audit, the console's forms, content and
// submissions, a submission's answers, insights): a caption names it, and it sits in a box named
// by that caption that takes the keyboard focus, so a table wider than a 320 px phone or 200 % text
// scrolls sideways inside that box (by keyboard too) instead of widening the page. The box is a
// group, not a region landmark: most tables sit under a section named like their caption, and two
// landmarks of one name are an axe fault (landmark-unique). Rows are the page's own
// <tr> elements (a row may keep its own state, like a user's roles), with <th scope="row"> where
// a row has a name.
//
// Below about 600 px each row is a card (staff-table.css): a cell shows its column's name above
// its value, taken from the header by data-label (set here after each render, so no page has to
// repeat its headers). The name is drawn by CSS with empty alternative text, so a screen reader
// hears it once, from the header; the explicit table roles keep the table a table for screen
// readers that drop it once its parts are no longer display: table (Safari).
import { useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import './staff-table.css';

export type StaffTableProps = {
  /** Names the table and the region around it. */
  caption: ReactNode;
  /** Hidden from sight (still read out) when a heading just above already says the same. */
  captionVisible?: boolean;
  /** The column headers, in order; none for a table of named rows (a row header and its values). */
  columns?: readonly ReactNode[];
  /** Columns the list is sortable by (their header holds a sort button), by index: how it is sorted now ('none': not by it). */
  sort?: Readonly<Record<number, 'ascending' | 'descending' | 'none'>>;
  /** The language of the rows' text when it is not the page's (a form's answers in its own language). */
  rowsLang?: string;
  /** A modifier for one page's look (a new alert's bar, the answers' question column). */
  className?: string;
  children: ReactNode;
};

/** A header's words without what is only drawn (a sort arrow). */
function headerText(header: Element): string {
  const copy = header.cloneNode(true) as Element;
  for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
  return (copy.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** Each body cell's column name (data-label, for the cards) and the table roles on rows and cells. */
function labelCells(table: HTMLTableElement): void {
  const headers = [...table.querySelectorAll(':scope > thead > tr > th')].map(headerText);
  for (const row of table.querySelectorAll(':scope > tbody > tr')) {
    row.setAttribute('role', 'row');
    let column = 0;
    for (const cell of row.children) {
      const header = cell.tagName === 'TH';
      cell.setAttribute('role', header ? 'rowheader' : 'cell');
      const label = headers[column];
      if (label && !header) cell.setAttribute('data-label', label);
      else cell.removeAttribute('data-label');
      column += (cell as HTMLTableCellElement).colSpan || 1;
    }
  }
}

export function StaffTable({ caption, captionVisible = false, columns, sort, rowsLang, className, children }: StaffTableProps) {
  const captionId = useId();
  const table = useRef<HTMLTableElement>(null);
  // After every render: a page's rows change with its data.
  useLayoutEffect(() => {
    if (table.current) labelCells(table.current);
  });
  return (
    <div className="staff-table-region" role="group" aria-labelledby={captionId} tabIndex={0}>
      <table ref={table} role="table" className={className ? `staff-table ${className}` : 'staff-table'}>
        <caption id={captionId} className={captionVisible ? undefined : 'visually-hidden'}>
          {caption}
        </caption>
        {columns && columns.length > 0 && (
          <thead role="rowgroup">
            <tr role="row">
              {columns.map((column, index) => (
                <th scope="col" role="columnheader" key={index} aria-sort={sort?.[index]} className={sort?.[index] ? 'staff-table-sortable' : undefined}>
                  {column}
                </th>
              ))}
            </tr>
          </thead>
        )}
        <tbody role="rowgroup" lang={rowsLang}>
          {children}
        </tbody>
      </table>
    </div>
  );
}
