// A row id in an address (/api/x/:id): 1 to 9 digits and at least 1, so it is exact as a number and
// fits the int column. Anything else names no row: a route answers 404 for it, never a 5xx or a query
// with a value the database refuses.
import { notFound } from '../errors.ts';

const ROW_ID = /^\d{1,9}$/;

/** The id, or null when `raw` is not one. */
export function rowIdOf(raw: unknown): number | null {
  return typeof raw === 'string' && ROW_ID.test(raw) && Number(raw) >= 1 ? Number(raw) : null;
}

/** The id of an address's `:id`; Payload's 404 Not Found when it is not one. */
export function idParam(raw: string | undefined): number {
  const id = rowIdOf(raw);
  if (id === null) throw notFound();
  return id;
}
