// The audit log as admins read it (GET /api/audit-log): the route's response schema and the
// staff page's type.
import { Type, type Static } from '@sinclair/typebox';
import { ListPageOf } from './list-page.ts';

export const AuditLogEntry = Type.Object({
  id: Type.Integer(),
  /** ISO 8601 time of the action. */
  at: Type.String(),
  userId: Type.Union([Type.Integer(), Type.Null()]),
  userEmail: Type.Union([Type.String(), Type.Null()]),
  action: Type.String(),
  /** The collection or global slug, or 'users'. */
  target: Type.String(),
  documentId: Type.Union([Type.String(), Type.Null()]),
  /** Small, non-personal detail (the fields changed, the filter of an export). */
  detail: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
});
export type AuditLogEntry = Static<typeof AuditLogEntry>;

export const AuditLogPage = ListPageOf(AuditLogEntry);
