// The one table of page kinds (routes.json's kinds): each kind's page component and loader, each a
// lazily loaded module, and how a page's data is loaded. Free of react-router: the router's route
// table (routeObjects.tsx) and the guest entry (guest.tsx, the pages the server renders) both read it.
import type { ComponentType } from 'react';
import type { Params } from 'react-router-dom';
import type { PageKindName, PageOf, RoutesTable } from '../../engine/definition/routes.ts';
import type { StaffAccess, StaffFrameData } from '../staff/staffPage.ts';
import { withTimeout } from './chunkTimeout.ts';
import { NotFoundPage } from './NotFoundPage.tsx';
import { DEFAULT_LANGUAGES, type LoadPage, type PageData } from './pageData.ts';
import { showPageLanguage } from './pageLanguage.ts';

/** What a page's loader is called with (react-router's loader arguments, as far as they are read). */
export interface PageLoaderArgs {
  request: Request;
  params: Params;
}

export interface PageKind<Kind extends PageKindName = PageKindName> {
  page: () => Promise<{ default: ComponentType }>;
  /** Each kind's loader takes its own routes.json entry (src/engine/contract/routes.ts, checked by forms:check). */
  loader?: () => Promise<{ loadPage: LoadPage<PageOf<Kind>> }>;
  /** The loader reads query parameters beyond ?lang (a form's ?store=): it runs again when any changes. */
  readsQuery?: boolean;
  /** A staff page: it shows the staff texts too (build/messages/staff/, never loaded by guest pages). */
  staffTexts?: boolean;
  /**
   * A signed-in page: who may open it (the guard runs before its loader, which gets the account as `me`) and its
   * entry in the staff navigation; the page is drawn inside the staff frame (src/web/staff/StaffFrame.tsx).
   */
  staff?: StaffAccess;
}

/** Page kinds of routes.json: one entry per kind, the page and its loader each their own chunk (a public build leaves the staff kinds out). */
export const PAGE_KINDS: { [Kind in PageKindName]?: PageKind<Kind> } = {
  form: { page: () => import('../form/FormPage.tsx'), loader: () => import('../form/formLoader.ts'), readsQuery: true },
  'form-index': { page: () => import('../pages/FormIndexPage.tsx'), loader: () => import('../pages/formIndexLoader.ts') },
  hub: { page: () => import('../pages/hub/HubPage.tsx'), loader: () => import('../pages/hub/hubLoader.ts') },
  'club-launch': { page: () => import('../pages/club/ClubLaunchPage.tsx'), loader: () => import('../pages/club/clubLoader.ts') },
  document: { page: () => import('../pages/docs/DocumentPage.tsx'), loader: () => import('../pages/docs/documentLoader.ts') },
  benefits: { page: () => import('../pages/benefits/BenefitsPage.tsx'), loader: () => import('../pages/benefits/benefitsLoader.ts') },
  perks: { page: () => import('../pages/perks/PerksPage.tsx'), loader: () => import('../pages/perks/perksLoader.ts') },
  careers: {
    page: () => import('../pages/careers/CareersPage.tsx'),
    loader: () => import('../pages/careers/careersLoader.ts').then((m) => ({ loadPage: m.loadCareers })),
  },
  position: {
    page: () => import('../pages/careers/PositionPage.tsx'),
    loader: () => import('../pages/careers/careersLoader.ts').then((m) => ({ loadPage: m.loadPosition })),
  },
  case: { page: () => import('../pages/case/CasePage.tsx'), loader: () => import('../pages/case/caseLoader.ts') },
  party: { page: () => import('../pages/parties/PartyPage.tsx'), loader: () => import('../pages/parties/partyLoader.ts'), readsQuery: true },
  'party-roster': { page: () => import('../pages/parties/RosterPage.tsx'), loader: () => import('../pages/parties/rosterLoader.ts') },
  'party-new': { page: () => import('../pages/parties/NewPartyPage.tsx'), loader: () => import('../pages/parties/newPartyLoader.ts') },
  // Staff pages: left out of a public build entirely (ROUTE_SET is a constant the bundler folds); they load the staff texts.
  ...(import.meta.env.ROUTE_SET === 'public'
    ? {}
    : {
        login: {
          page: () => import('../pages/sign-in/LoginPage.tsx'),
          loader: () => import('../pages/sign-in/loginLoader.ts'),
          readsQuery: true,
          staffTexts: true,
        },
        'login-success': {
          page: () => import('../pages/sign-in/LoginSuccessPage.tsx'),
          loader: () => import('../pages/sign-in/loginSuccessLoader.ts'),
          readsQuery: true,
          staffTexts: true,
          staff: {},
        },
        // The navigation lists the entries with `nav` in this order.
        'staff-home': {
          page: () => import('../pages/home/HomePage.tsx'),
          loader: () => import('../pages/home/homeLoader.ts'),
          staffTexts: true,
          staff: { console: true, nav: { label: 'staffNavHome' } },
        },
        'staff-submissions': {
          page: () => import('../pages/submissions/SubmissionsPage.tsx'),
          loader: () => import('../pages/submissions/submissionsLoader.ts'),
          readsQuery: true,
          staffTexts: true,
          staff: {
            permission: 'read-submissions',
            console: true,
            nav: { label: 'staffNavSubmissions', count: 'followUpsInProgress', forms: 'read', overdue: true },
          },
        },
        'staff-submission': {
          page: () => import('../pages/submissions/SubmissionPage.tsx'),
          loader: () => import('../pages/submissions/submissionLoader.ts'),
          staffTexts: true,
          staff: { permission: 'read-submissions', console: true },
        },
        'staff-insights': {
          page: () => import('../pages/insights/InsightsPage.tsx'),
          loader: () => import('../pages/insights/insightsLoader.ts'),
          readsQuery: true,
          staffTexts: true,
          staff: { permission: 'read-submissions', nav: { label: 'staffNavInsights', forms: 'insights' } },
        },
        'staff-alerts': {
          page: () => import('../pages/alerts/AlertsPage.tsx'),
          loader: () => import('../pages/alerts/alertsLoader.ts'),
          staffTexts: true,
          staff: { console: true, nav: { label: 'staffNavAlerts', count: 'unreadAlerts' } },
        },
        'staff-waivers': {
          page: () => import('../pages/waivers/WaiverDeskPage.tsx'),
          loader: () => import('../pages/waivers/waiverDeskLoader.ts'),
          readsQuery: true,
          staffTexts: true,
          staff: { permission: 'check-in-waivers', nav: { label: 'staffNavWaivers' } },
        },
        'staff-verify': {
          page: () => import('../pages/verify/VerifyPage.tsx'),
          loader: () => import('../pages/verify/verifyLoader.ts'),
          staffTexts: true,
          staff: { permission: 'read-submissions', nav: { label: 'staffNavVerify' } },
        },
        // Content has no page of its own to list: the home's content section lists every collection.
        'staff-content': {
          page: () => import('../pages/content/ContentListPage.tsx'),
          loader: () => import('../pages/content/contentLoader.ts').then((m) => ({ loadPage: m.loadList })),
          staffTexts: true,
          staff: { console: true, nav: { label: 'staffNavContent', path: '/staff#content' } },
        },
        'staff-content-edit': {
          page: () => import('../pages/content/ContentEditPage.tsx'),
          loader: () => import('../pages/content/contentLoader.ts').then((m) => ({ loadPage: m.loadEdit })),
          staffTexts: true,
          staff: { permission: 'edit-content', console: true },
        },
        'staff-distribution-points': {
          page: () => import('../pages/points/PointsPage.tsx'),
          loader: () => import('../pages/points/pointsLoader.ts'),
          // Revalidated after each save (the same address): the list and its scans read again.
          readsQuery: true,
          staffTexts: true,
          staff: { permission: 'manage-distribution-points', console: true, nav: { label: 'staffNavPoints' } },
        },
        'staff-privacy': {
          page: () => import('../pages/privacy/PrivacyPage.tsx'),
          loader: () => import('../pages/privacy/privacyLoader.ts'),
          staffTexts: true,
          staff: { permission: 'privacy-requests', nav: { label: 'staffNavPrivacy' } },
        },
        'staff-users': {
          page: () => import('../pages/users/UsersPage.tsx'),
          loader: () => import('../pages/users/usersLoader.ts'),
          readsQuery: true,
          staffTexts: true,
          staff: { permission: 'manage-users', nav: { label: 'staffNavUsers' } },
        },
        'staff-audit': {
          page: () => import('../pages/audit/AuditPage.tsx'),
          loader: () => import('../pages/audit/auditLoader.ts'),
          readsQuery: true,
          staffTexts: true,
          staff: { permission: 'read-audit', nav: { label: 'staffNavAudit' } },
        },
        'staff-profile': {
          page: () => import('../pages/profile/ProfilePage.tsx'),
          loader: () => import('../pages/profile/profileLoader.ts'),
          staffTexts: true,
          staff: { nav: { label: 'staffNavProfile' } },
        },
        chat: {
          page: () => import('../pages/chat/ChatPage.tsx'),
          loader: () => import('../pages/chat/chatLoader.ts'),
          readsQuery: true,
          staffTexts: true,
          staff: { nav: { label: 'staffNavChat' } },
        },
      }),
  'not-found': { page: async () => ({ default: NotFoundPage }) },
};

/** The data of a staff page: the page's own and its frame's (the account and the navigation). */
export type StaffPageData = PageData & { staffFrame: StaffFrameData };

/**
 * Loads the page's data, then switches i18next to the page's language (Not Found's when loading fails). A staff page
 * runs its guard first (from its table entry), then its loader and its navigation's data side by side.
 */
export function pageLoader<Kind extends PageKindName>(page: PageOf<Kind>, kind: PageKind<Kind>, table: RoutesTable) {
  return async ({ request, params }: PageLoaderArgs): Promise<PageData> => {
    const url = new URL(request.url);
    try {
      let data: PageData = { languages: DEFAULT_LANGUAGES };
      if (kind.staff) {
        const access = kind.staff;
        // The staff kit is loaded by staff pages only (a public build has none).
        const { guardStaffPage, navEntries, staffFrame } = await withTimeout(import('../staff/staffPage.ts'));
        const me = await guardStaffPage(url, access);
        const [own, frame] = await Promise.all([
          kind.loader ? withTimeout(kind.loader()).then(({ loadPage }) => withTimeout(loadPage({ page, url, params, signal: request.signal, me }))) : data,
          staffFrame(me, navEntries(PAGE_KINDS, table), request.signal),
        ]);
        const framed: StaffPageData = { ...own, staffFrame: frame };
        data = framed;
      } else if (kind.loader) {
        const { loadPage } = await withTimeout(kind.loader());
        data = await withTimeout(loadPage({ page, url, params, signal: request.signal }));
      }
      await showPageLanguage(url, data.languages, kind.staffTexts, data.unaskedLanguage);
      return data;
    } catch (error) {
      // Not Found in the languages the page declares (an expired case link's ?lang=fr stays French).
      await showPageLanguage(url, 'languages' in page && page.languages ? page.languages : DEFAULT_LANGUAGES);
      throw error;
    }
  };
}

/** A page kind's component; a staff page's inside the staff frame (its navigation), which only staff pages load. */
export async function pageComponent<Kind extends PageKindName>(kind: PageKind<Kind>): Promise<ComponentType> {
  if (!kind.staff) return (await withTimeout(kind.page())).default;
  const [{ default: Page }, { framedPage }] = await Promise.all([withTimeout(kind.page()), withTimeout(import('../staff/StaffFrame.tsx'))]);
  return framedPage(Page);
}
