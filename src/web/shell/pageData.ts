// What every page's loader gives the shell, and the contract of a page kind's loader module.
import type { Params } from 'react-router-dom';
import type { Lang } from '../../engine/text/languages.ts';
import type { PageRef } from '../../engine/definition/routes.ts';
import type { StaffMe } from '../staff/requireStaff.ts';

/** The i18next namespace of routes.json's header titles, keyed by their prefix. */
export const ROUTES_NS = 'routes';

/** Pages that declare nothing offer English and Arabic, so ?lang=fr shows Arabic (product rule). */
export const DEFAULT_LANGUAGES: readonly Lang[] = ['en', 'ar'];

export interface PageData {
  /** The languages the page is written in; ?lang= is resolved against them. */
  languages: readonly Lang[];
  /** The language shown when ?lang names none, when it is not the rule's (a guest's case page: the language they answered in). */
  unaskedLanguage?: Lang;
}

export interface PageLoadArgs<P = PageRef> {
  /** The page entry of the route in routes.json. */
  page: P;
  url: URL;
  params: Params;
  signal: AbortSignal;
  /** A staff page (its PAGE_KINDS entry has `staff`): the account its guard let in (staffMeOf in src/web/staff/staffPage.ts). */
  me?: StaffMe;
}

/** A page kind's loader module exports `loadPage`. */
export type LoadPage<P = PageRef, D extends PageData = PageData> = (args: PageLoadArgs<P>) => Promise<D>;
