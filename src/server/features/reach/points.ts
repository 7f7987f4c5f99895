// Distribution points (content collection `distribution-points`: where a form is handed out, e.g.
// "Cova, table 12"): who manages which (admins every one; a manager those of its venues, of forms
// it reads), the checks of a point before it is stored (a 400 naming the field), and the short code
// the server makes when none is given. Stored as content documents, each write audited.
import { randomInt } from 'node:crypto';
import type { Caller } from '../../core/access/caller.ts';
import { roleCan } from '../../../engine/access/roles.ts';
import { readScope, readsRow } from '../../core/access/submission-access.ts';
import type { Queryable } from '../../core/db/db.ts';
import { validationError, type FieldError } from '../../core/errors.ts';
import type { LoadedForm } from '../../core/forms/compiled-forms.ts';
import type { Lang } from '../../../engine/text/languages.ts';
import { t } from '../../../engine/text/messages.ts';
import { DISTRIBUTION_POINTS, POINT_CODE, SOURCE_TAG } from '../../../engine/contract/reach.ts';
import type { FormPages } from './form-page.ts';

export type PointData = {
  name: string;
  form: string;
  venue: string;
  source: string;
  code: string;
};

export type PointRow = {
  id: number;
  data: PointData;
  created_at: Date;
  updated_at: Date;
};

const FIELDS = ['name', 'form', 'venue', 'source', 'code'] as const;
const isObject = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);

/** Admins manage every point; a manager those of its venues (of forms it reads); nobody else any. */
export function managesPoint(caller: Caller, form: LoadedForm | undefined, venue: string): boolean {
  if (caller.kind !== 'staff' || !form) return false;
  const roles = caller.user.roles.filter((role) => roleCan(role, 'manage-distribution-points'));
  if (roles.length === 0) return false;
  return readsRow(readScope({ ...caller, user: { ...caller.user, roles } }, form.compiled), { venue });
}

/** Codes without look-alike characters (no 0/O, 1/I/L), read aloud or typed from a card. */
const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const newCode = () => Array.from({ length: 6 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

/**
 * The point as it would be stored (a change: the body over the stored point), or a 400 naming each
 * wrong field: a name, a form whose page chooses its venue from the address, one of its venues the
 * caller manages, a source tag, a code (or none: one is made).
 */
export async function checkedPoint(db: Queryable, pages: FormPages, caller: Caller, body: unknown, stored: PointData | null, lang: Lang): Promise<PointData> {
  if (!isObject(body)) throw validationError(DISTRIBUTION_POINTS, [{ path: '', message: t('invalid', lang) }]);
  const errors: FieldError[] = [];
  const unknown = Object.keys(body).filter(
    (key) => !(FIELDS as readonly string[]).includes(key) && !['id', 'createdAt', 'updatedAt', 'shortUrl', 'scans'].includes(key),
  );
  for (const path of unknown) errors.push({ path, label: path, message: t('invalid', lang) });
  const merged = { ...stored, ...body } as Record<string, unknown>;
  const text = (name: string) => (typeof merged[name] === 'string' ? (merged[name] as string).trim() : '');
  const point: PointData = { name: text('name'), form: text('form'), venue: text('venue'), source: text('source'), code: text('code').toUpperCase() };
  if (point.name.length < 1 || point.name.length > 120) errors.push({ path: 'name', label: 'name', message: t('pointNameInvalid', lang) });
  const form = pages.form(point.form);
  if (!form || !pages.pointForms().includes(form)) errors.push({ path: 'form', label: 'form', message: t('pointFormUnknown', lang) });
  else if (!managesPoint(caller, form, point.venue) || (await pages.venueValue(db, form, point.venue)) === null)
    errors.push({ path: 'venue', label: 'venue', message: t('pointVenueUnknown', lang) });
  if (!SOURCE_TAG.test(point.source)) errors.push({ path: 'source', label: 'source', message: t('pointSourceInvalid', lang) });
  if (point.code === '') point.code = newCode();
  else if (!POINT_CODE.test(point.code)) errors.push({ path: 'code', label: 'code', message: t('pointCodeInvalid', lang) });
  if (errors.length) throw validationError(DISTRIBUTION_POINTS, errors);
  return point;
}

export async function storedPoint(db: Queryable, id: number, lock = false): Promise<PointRow | null> {
  const { rows } = await db.query<PointRow>(
    `SELECT id, data, created_at, updated_at FROM documents WHERE collection = $1 AND id = $2${lock ? ' FOR UPDATE' : ''}`,
    [DISTRIBUTION_POINTS, id],
  );
  return rows[0] ?? null;
}

export async function pointByCode(db: Queryable, code: string): Promise<PointRow | null> {
  if (!POINT_CODE.test(code)) return null;
  const { rows } = await db.query<PointRow>(`SELECT id, data, created_at, updated_at FROM documents WHERE collection = $1 AND data->>'code' = $2`, [
    DISTRIBUTION_POINTS,
    code.toUpperCase(),
  ]);
  return rows[0] ?? null;
}

export async function allPoints(db: Queryable): Promise<PointRow[]> {
  const { rows } = await db.query<PointRow>(`SELECT id, data, created_at, updated_at FROM documents WHERE collection = $1 ORDER BY id`, [DISTRIBUTION_POINTS]);
  return rows;
}

/** Scans counted per point id, every day. */
export async function scansOf(db: Queryable, points: readonly PointRow[]): Promise<Map<number, number>> {
  const { rows } = await db.query<{ point: number; n: string }>(
    `SELECT point, sum(n) AS n FROM funnel_counts WHERE step = 'scan' AND point = ANY($1::int[]) GROUP BY point`,
    [points.map((point) => point.id)],
  );
  return new Map(rows.map((row) => [row.point, Number(row.n)]));
}
