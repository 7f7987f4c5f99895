// THE check of who reads which submissions (DESIGN: one check for list, by id, count, search,
// export, files, signatures, insights, alerts, follow-up). Every read path of submissions or of
// guests' files goes through here; nothing else decides it.
//
// API (for core and for features: alerts inbox, follow-up, insights ...):
// - readScope(caller, form) -> { kind: 'all' } | { kind: 'venues', venues } | { kind: 'none' }:
//   what the caller reads of one form's submissions. A role reads a form when the form's `access`
//   lists it (CompiledForm.access; admin and viewer when the definition says nothing) and the role
//   grants 'read-submissions'. So an admin who is not compliance reads no whistle-blower report.
//   A venue role (manager) reads only the submissions whose venue is one of the account's venues,
//   and nothing of a form without a venue question. Several roles: the widest wins.
// - mayOpen(caller, registry, collection): may the caller ask the collection at all (a 403 when
//   not)? Content: any staff member, and the public key where the collection is public (today's
//   rule). Submissions: a scope other than none. Uploads: a scope other than none on a form that
//   takes files into it.
// - readableSql(caller, registry, collection, params): an SQL condition over a `documents` row
//   (referenced as `documents`, as in `FROM documents WHERE ...`), its values pushed on params: add
//   it with AND so list, count, search, export and insights filter IN THE DATABASE. An upload is
//   readable when the submission it is attached to is; one no submission claimed yet (pending)
//   only by who reads every submission of every form that takes files into its collection.
// - readsRow(scope, row): the same decision for one submission row already read (by id).
// - Conflict of interest: an account excluded from a submission (table submission_exclusions, read
//   with the caller: caller.ts) is answered by all of the above as if it did not exist: readScope
//   carries the ids, readableSql and readsRow leave them out.
// - mayReadDocument(db, registry, caller, collection, id): the SQL condition for one row (files,
//   signatures).
// - deskFinds(caller, form): may the caller's waiver desk find, open and check in this waiver
//   form's waivers (admin: every one; a desk: those of its attractions, the form's `attraction`
//   among its venues; a desk with none, nothing). The desk reads only the people of a waiver.
import type { CompiledForm } from '../../../engine/compiler/compiled.ts';
import { formDeskScope, formReadScope, type ReadScope } from '../../../engine/access/roles.ts';
import type { Queryable } from '../db/db.ts';
import { formsFilingInto as formsFiling, type Collection, type Registry } from '../registry.ts';
import type { Caller } from './caller.ts';
import { can, isStaff } from './roles.ts';

export type { ReadScope };

/** The rule itself is engine/access/roles.ts formReadScope, shared with the console (which shows only what the account may open). */
/** What the server decides with: the form's scope, less the submissions the caller is excluded from (conflict of interest). */
export type ServerReadScope = ReadScope & { excluded?: readonly number[] };

export function readScope(caller: Caller, form: Pick<CompiledForm, 'access' | 'venue'>): ServerReadScope {
  if (caller.kind !== 'staff') return { kind: 'none' };
  const scope = formReadScope(caller.user, form);
  return caller.excluded?.length && scope.kind !== 'none' ? { ...scope, excluded: caller.excluded } : scope;
}

/** The forms whose files are stored in an upload collection (core/registry.ts). */
const formsFilingInto = (registry: Registry, collection: Collection) => formsFiling(registry, collection).map((form) => form.compiled);

export function mayOpen(caller: Caller, registry: Registry, collection: Collection): boolean {
  // Content: any staff member (and the public key where public); an admins-only collection (alert rules) its admins alone.
  if (collection.kind === 'content')
    return collection.adminOnly ? can(caller, 'manage-alerts') : isStaff(caller) || (caller.kind === 'public' && collection.publicRead);
  if (collection.kind === 'submissions') return readScope(caller, collection.form!.compiled).kind !== 'none';
  return formsFilingInto(registry, collection).some((form) => readScope(caller, form).kind !== 'none');
}

function scopeSql(scope: ServerReadScope, params: unknown[], table: 'documents' | 's'): string {
  if (scope.kind === 'none') return 'false';
  const venues = scope.kind === 'all' ? 'true' : `${table}.venue = ANY($${params.push(scope.venues)}::text[])`;
  return scope.excluded?.length ? `(${venues} AND NOT ${table}.id = ANY($${params.push(scope.excluded)}::int[]))` : venues;
}

export function readableSql(caller: Caller, registry: Registry, collection: Collection, params: unknown[]): string {
  if (collection.kind === 'content') return mayOpen(caller, registry, collection) ? 'true' : 'false';
  if (collection.kind === 'submissions') return scopeSql(readScope(caller, collection.form!.compiled), params, 'documents');
  const forms = formsFilingInto(registry, collection);
  const scopes = forms.map((form) => ({ form, scope: readScope(caller, form) })).filter(({ scope }) => scope.kind !== 'none');
  if (scopes.length === 0) return 'false';
  const attachedTo = scopes.map(({ form, scope }) => `(s.collection = $${params.push(form.collection)} AND ${scopeSql(scope, params, 's')})`).join(' OR ');
  const pending = scopes.length === forms.length && scopes.every(({ scope }) => scope.kind === 'all');
  return `(EXISTS (SELECT 1 FROM documents s WHERE s.id = documents.attached_to AND (${attachedTo}))${pending ? ' OR documents.attached_to IS NULL' : ''})`;
}

export function readsRow(scope: ServerReadScope, row: { id?: unknown; venue?: unknown }): boolean {
  if (scope.excluded?.includes(row.id as number)) return false;
  if (scope.kind === 'venues') return typeof row.venue === 'string' && scope.venues.includes(row.venue);
  return scope.kind === 'all';
}

export async function mayReadDocument(db: Queryable, registry: Registry, caller: Caller, collection: Collection, id: number): Promise<boolean> {
  const params: unknown[] = [collection.slug, id];
  const condition = readableSql(caller, registry, collection, params);
  if (condition === 'false') return false;
  const { rows } = await db.query(`SELECT 1 FROM documents WHERE collection = $1 AND id = $2 AND ${condition}`, params);
  return rows.length > 0;
}

export function deskFinds(caller: Caller, form: Pick<CompiledForm, 'form'>): boolean {
  return caller.kind === 'staff' && form.form.submit.evidence === true && formDeskScope(caller.user, form.form) === 'all';
}
