// The loader of /staff/alerts: the alerts about what the staff member may read (newest first) and,
// for admins, the delivery log.
import type { AlertDeliveryLog, AlertInbox } from '../../../engine/contract/alerts.ts';
import type { LoadPage, PageData } from '../../shell/pageData.ts';
import type { PageOf } from '../../../engine/contract/routes.ts';
import { type StaffMe, staffCan } from '../../staff/requireStaff.ts';
import { staffGet } from '../../staff/staffRequest.ts';
import { staffMeOf } from '../../staff/staffPage.ts';

export interface AlertsData extends PageData {
  me: StaffMe;
  inbox: AlertInbox;
  /** Admins only. */
  log: AlertDeliveryLog | null;
}

export const loadPage: LoadPage<PageOf<'staff-alerts'>, AlertsData> = async ({ page, signal, ...guard }) => {
  // The router ran the guard of its PAGE_KINDS entry (src/web/shell/routeObjects.tsx).
  const me = staffMeOf(guard);
  const [inbox, log] = await Promise.all([
    staffGet<AlertInbox>('/api/alerts', signal),
    staffCan(me, 'manage-alerts') ? staffGet<AlertDeliveryLog>('/api/alert-deliveries', signal) : null,
  ]);
  return { languages: page.languages, me, inbox, log };
};
