// The loader of /employee/perks: the published perks of restaurants and partners, and, when the
// employee is signed in (session cookie; never a code in the address), who it is and which perks
// they redeemed this week.
import type { PageOf } from '../../../engine/contract/routes.ts';
import { rolesCan } from '../../../engine/access/roles.ts';
import { collectionQuery, fetchOrNull, type DocList } from '../../api/client.ts';
import type { LoadPage, PageData } from '../../shell/pageData.ts';
import { fetchStaffMe } from '../../staff/requireStaff.ts';
import { staffRequest } from '../../staff/staffRequest.ts';

/** Its routes.json entry (src/engine/contract/routes.ts). */
export type PerksRef = PageOf<'perks'>;

export interface Perk {
  slug: string;
  name: string;
  logo?: { url?: string } | null;
  category?: unknown;
  offer?: unknown;
  terms?: unknown;
}

export interface PerksData extends PageData {
  perks: Perk[];
  /** The signed-in employee who may redeem, or null (signed out). */
  employee: { email: string; redeemed: string[] } | null;
}

async function signedInEmployee(signal: AbortSignal): Promise<PerksData['employee']> {
  const me = await fetchStaffMe(signal).catch(() => null);
  if (!me || !rolesCan(me.roles, 'redeem-perks')) return null;
  const mine = await staffRequest<{ docs: { perk: string }[] }>('GET', '/api/perk-redemptions/mine', undefined, signal).catch(() => null);
  return { email: me.email, redeemed: mine?.status === 200 && mine.body ? mine.body.docs.map((doc) => doc.perk) : [] };
}

export const loadPage: LoadPage<PerksRef, PerksData> = async ({ page, signal }) => {
  const [list, employee] = await Promise.all([
    fetchOrNull<DocList<Perk>>(collectionQuery('perks', { limit: 200, sort: 'name' }), 'perks', signal),
    signedInEmployee(signal),
  ]);
  return { languages: page.languages, perks: list?.docs ?? [], employee };
};
