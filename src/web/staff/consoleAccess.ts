// What the console's pages ask of an account beyond the staff guard (src/web/staff/requireStaff.ts):
// which forms it reads. The server checks every call again; this only picks the page.
import type { PageOf } from '../../engine/contract/routes.ts';
import { deniedRedirect, type StaffMe } from './requireStaff.ts';
import { formReadScope } from '../../engine/access/roles.ts';
import type { CompiledForm } from '../../engine/compiler/compiled.ts';

/** Its routes.json entry (src/engine/contract/routes.ts). */
export type ConsoleRef = PageOf<'staff-home' | 'staff-submissions' | 'staff-submission' | 'staff-content' | 'staff-content-edit'>;

/** Whether the account reads any of a form's submissions (the server's own rule, engine/access/roles.ts; it checks every call again). */
export const readsForm = (me: StaffMe, form: Pick<CompiledForm, 'access' | 'venue'>) => formReadScope(me, form).kind !== 'none';

/** Stops a loader of a form's submissions that the account may not read: the 'not allowed' page. */
export function requireReader(me: StaffMe, form: Pick<CompiledForm, 'access' | 'venue'>, url: URL): void {
  if (!readsForm(me, form)) throw deniedRedirect(url);
}

export const notFound = () => new Response(null, { status: 404, statusText: 'Not Found' });

/** The form's name in the console (its definition's staffTitle, in every language the console speaks), e.g. "Dining survey". */
export const staffTitleOf = (form: Pick<CompiledForm, 'staffTitle'>, lang: string) =>
  form.staffTitle[lang as keyof CompiledForm['staffTitle']] ?? form.staffTitle.en;
