// What the pages' server render (src/web/ssr/renderPage.tsx, built into dist/server) gives the
// server, which writes it into the HTML document (src/server/features/render/prerender.ts).
import { Type, type Static } from '@sinclair/typebox';

export const RenderedPage = Type.Object({
  /** The inside of <div id="root">. */
  body: Type.String(),
  html: Type.Object({ lang: Type.String(), dir: Type.String(), 'data-theme': Type.String(), style: Type.Record(Type.String(), Type.String()) }),
  title: Type.String(),
  description: Type.Optional(Type.String()),
  faviconUrl: Type.String(),
  themeColor: Type.String(),
  /** Manifest keys of the page's own code and data besides the application (a form's page, definition, validator and texts; a hub's page). */
  modules: Type.Array(Type.String()),
  /**
   * The API's answers (200, GET) the render used, by address, as a JSON data element for the page's
   * body: the page reads them instead of asking again (api/client.ts). Every '<' is escaped, so no
   * text in them can end the element.
   */
  answers: Type.String(),
  /**
   * Which route of routes.json the page is and the address's parameters, as a JSON data element for the
   * page's body (src/web/shell/GuestPage.tsx PAGE_ROUTE_ID): the page's entry (src/web/main.tsx) then
   * hydrates it with the guest entry (src/web/guest.tsx), without the router. '<' escaped as in answers.
   */
  route: Type.String(),
  /** Built files the page's loader fetched besides the form's own (manifest keys), for the server to preload: a country question's names. */
  preload: Type.Array(Type.String()),
  /**
   * The page's kind in routes.json, sent as the x-page-kind header: the service worker (src/web/sw/sw.ts)
   * shows a kept form page at once on a repeat visit, and fetches every other page first.
   */
  kind: Type.String(),
  /** A page for one person (a guest's case page): made for each request, never kept or reused. */
  personal: Type.Optional(Type.Boolean()),
  /** The status to answer with: 404 for a page that draws its own Not Found (an expired case link), else 200. */
  status: Type.Optional(Type.Literal(404)),
});
export type RenderedPage = Static<typeof RenderedPage>;
