// What the console's pages ask of an account beyond the staff guard (src/web/staff/requireStaff.ts):
// which forms it reads. The server checks every call again; this only picks the page.
import type { PageOf } from '../../engine/contract/routes.ts';
import { deniedRedirect, type StaffMe } from './requireStaff.ts';
import { formReadScope, rolesCan } from '../../engine/roles.ts';
import type { CompiledForm } from '../../engine/compiled.ts';

/** Its routes.json entry (src/engine/contract/routes.ts). */
export type ConsoleRef = PageOf<'staff-home' | 'staff-submissions' | 'staff-submission' | 'staff-content' | 'staff-content-edit'>;

/** Whether the account reads any of a form's submissions (the server's own rule, engine/roles.ts; it checks every call again). */
export const readsForm = (me: StaffMe, form: Pick<CompiledForm, 'access' | 'venue'>) => formReadScope(me, form).kind !== 'none';

/** The console has pages for this account (submissions or content); a desk-only account has none yet, only a note. */
export const hasConsolePages = (me: StaffMe) => rolesCan(me.roles, 'read-submissions') || rolesCan(me.roles, 'edit-content');

/** Stops a loader of a form's submissions that the account may not read: the 'not allowed' page. */
export function requireReader(me: StaffMe, form: Pick<CompiledForm, 'access' | 'venue'>, url: URL): void {
  if (!readsForm(me, form)) throw deniedRedirect(url);
}

export const notFound = () => new Response(null, { status: 404, statusText: 'Not Found' });
