// A staff page kind's entry in the one table of pages (PAGE_KINDS, src/web/shell/routeObjects.tsx)
// says who may open it and how the navigation names it. The router runs the guard from it before
// the page's loader (which gets the account as `me`), and gives the page's frame (StaffFrame.tsx)
// the navigation: every entry the account may open, with the counts of /api/console/nav.
import type { ConsoleNav } from '../../engine/contract/console-home.ts';
import type { MessageKey } from '../../engine/text/messages.ts';
import type { RoutesTable } from '../../engine/definition/routes.ts';
import { isDeskOnly, isStaffAccount, rolesCan, type Permission } from '../../engine/access/roles.ts';
import { requireStaff, type StaffMe } from './requireStaff.ts';
import { staffGet } from './staffRequest.ts';

/** Which count of /api/console/nav a navigation entry shows. */
export type NavCount = 'unreadAlerts' | 'followUpsInProgress';

export interface StaffAccess {
  /** The permission the account needs (engine/access/roles.ts, the server's); none: any signed-in account. */
  permission?: Permission;
  /** A console page: staff accounts only, and a desk-only account is taken to its desk (requireStaff). */
  console?: boolean;
  /**
   * Its entry in the navigation: a message key, the count it shows, the path it links to (default: its routes.json path);
   * `forms`: one link per form the account reads (`:form` in the path), or per such form with insights; `overdue`: it
   * also says how many cases it reads are overdue.
   */
  nav?: { label: MessageKey; count?: NavCount; path?: string; forms?: 'read' | 'insights'; overdue?: boolean };
}

/** One entry of the navigation as the table gives it: the kind's path (routes.json) and its access. */
export interface NavEntry {
  kind: string;
  path: string;
  access: StaffAccess;
}

/** A link the navigation draws; `links` for an entry of one link per form. */
export interface NavLink {
  kind: string;
  label: MessageKey;
  path?: string;
  count?: number;
  overdue?: number;
  links?: { path: string; title: ConsoleNav['forms'][number]['title'] }[];
}

/** What a staff page's frame draws around it: the account and its navigation (null: not a staff account, no navigation). */
export interface StaffFrameData {
  me: StaffMe;
  nav: NavLink[] | null;
}

/** The navigation's entries: each kind of the table of pages with a `nav`, in the table's order, at its routes.json path. */
export function navEntries(kinds: Record<string, { staff?: StaffAccess } | undefined>, table: RoutesTable): NavEntry[] {
  return Object.entries(kinds).flatMap(([name, kind]) => {
    const route = kind?.staff?.nav && table.routes.find((candidate) => candidate.page.kind === name);
    return route ? [{ kind: name, path: route.path, access: kind.staff! }] : [];
  });
}

/** The guard of a staff page kind, from its table entry (signed out: to sign in; not allowed: the refusal page). */
export const guardStaffPage = (url: URL, access: StaffAccess) => requireStaff(url, access.permission, { console: access.console });

/** Whether the account may open a page of this access (the same rule as requireStaff; the server checks every call again). */
export function mayOpen(me: StaffMe, access: StaffAccess): boolean {
  if (access.console && (!isStaffAccount(me.roles) || isDeskOnly(me.roles))) return false;
  return access.permission === undefined || rolesCan(me.roles, access.permission);
}

/** The navigation for the account: the table's entries it may open, the per-form ones spread over the forms it reads. */
export async function staffFrame(me: StaffMe, entries: readonly NavEntry[], signal: AbortSignal): Promise<StaffFrameData> {
  if (!isStaffAccount(me.roles)) return { me, nav: null };
  const shown = entries.filter((entry) => entry.access.nav && mayOpen(me, entry.access));
  // A desk-only account reads no submissions and has no alerts: nothing to ask the server.
  const data: ConsoleNav = isDeskOnly(me.roles)
    ? { forms: [], unreadAlerts: 0, followUpsInProgress: 0, overdue: 0 }
    : await staffGet<ConsoleNav>('/api/console/nav', signal);
  const nav = shown.flatMap((entry): NavLink[] => {
    const { label, count, path = entry.path, forms: perForm, overdue } = entry.access.nav!;
    const link: NavLink = { kind: entry.kind, label, count: count ? data[count] : undefined, overdue: overdue ? data.overdue : undefined };
    if (!perForm) return [{ ...link, path }];
    const forms = perForm === 'insights' ? data.forms.filter((form) => form.insights) : data.forms;
    return forms.length ? [{ ...link, links: forms.map((form) => ({ path: path.replace(':form', encodeURIComponent(form.form)), title: form.title })) }] : [];
  });
  return { me, nav };
}

/** The account a staff page's guard let in: its loader's `me` (the router ran the guard from the page's table entry). */
export function staffMeOf(args: { me?: StaffMe }): StaffMe {
  if (!args.me) throw new Error('A staff page loader ran without its guard: give its PAGE_KINDS entry `staff`.');
  return args.me;
}
