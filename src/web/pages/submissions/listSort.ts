// The submissions list's sort (?sort=): by date received (newest first by default), by the case's
// due time (soonest first on the first press; none last) or by one of the form's rating columns
// (engine/definition/list-columns.ts ratingColumnKeys; worst first on the first press). Anything else in the URL is the default, so a stale link still opens the list; the
// server checks the sort again (collections/where.ts) and refuses one it does not know.
import type { ResolvedForm } from '../../../engine/compiler/compiled.ts';
import { ratingColumnKeys } from '../../../engine/definition/list-columns.ts';

export const DEFAULT_SORT = '-createdAt';
/** The follow-up's due time, as the server sorts by it (features/followup FOLLOW_UP_COLUMNS). */
export const DUE_SORT = 'followUp.due';

export interface ListSort {
  /** 'createdAt', DUE_SORT or a rating column's key. */
  key: string;
  direction: 'ascending' | 'descending';
}

export const sortParam = ({ key, direction }: ListSort) => `${direction === 'descending' ? '-' : ''}${key}`;

/** The keys this form's list sorts by: the date, the due time, then its rating columns. */
export const sortKeys = (form: ResolvedForm) => ['createdAt', DUE_SORT, ...ratingColumnKeys(form)];

export function sortOf(form: ResolvedForm, param: string | null): ListSort {
  const text = param ?? DEFAULT_SORT;
  const key = text.replace(/^-/, '');
  if (!sortKeys(form).includes(key)) return { key: 'createdAt', direction: 'descending' };
  return { key, direction: text.startsWith('-') ? 'descending' : 'ascending' };
}

/** What pressing a column's sort button asks for: the other direction of the current sort, else newest (the date), soonest due or worst (a rating) first. */
export function nextSort(current: ListSort, key: string): ListSort {
  if (current.key === key) return { key, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
  return { key, direction: key === 'createdAt' ? 'descending' : 'ascending' };
}
