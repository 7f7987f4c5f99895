// The loader of /staff/alerts: the alerts about what the staff member may read (newest first) and,
// for admins, the delivery log.
import type { AlertDeliveryLog, AlertInbox } from '../../../engine/contract/alerts.ts';
import type { LoadPage, PageData } from '../../shell/pageData.ts';
import type { PageOf } from '../../../engine/contract/routes.ts';
import { type StaffMe, requireStaff, staffCan } from '../../staff/requireStaff.ts';
import { staffGet } from '../../staff/staffRequest.ts';

export interface AlertsData extends PageData {
  me: StaffMe;
  inbox: AlertInbox;
  /** Admins only. */
  log: AlertDeliveryLog | null;
}

export const loadPage: LoadPage<PageOf<'staff-alerts'>, AlertsData> = async ({ page, url, signal }) => {
  const me = await requireStaff(url, undefined, { console: true });
  const [inbox, log] = await Promise.all([
    staffGet<AlertInbox>('/api/alerts', signal),
    staffCan(me, 'manage-alerts') ? staffGet<AlertDeliveryLog>('/api/alert-deliveries', signal) : null,
  ]);
  return { languages: page.languages, me, inbox, log };
};
