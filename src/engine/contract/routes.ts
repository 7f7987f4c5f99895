// routes.json's format: every route's path, route set and page. A page entry is one member of a
// union per page kind, so forms:check refuses an unknown kind or an option a kind does not take
// (naming its line), and each page's loader gets its own entry's type (PageOf<'hub'>).
// routes.schema.json is written from here by `npm run forms:schema`.
import { Type, type Static, type TProperties } from '@sinclair/typebox';
import { LocalizedText } from '../definition/definition.ts';
import { LANGUAGES } from '../text/languages.ts';
import { ThemeSchema } from '../definition/theme.ts';
import { KioskSetting } from './kiosk-setting.ts';

const Theme = ThemeSchema.properties.id;
const Languages = Type.Array(Type.Union(LANGUAGES.map((lang) => Type.Literal(lang))), {
  minItems: 1,
  uniqueItems: true,
  description: 'The languages the page offers, the first its default.',
});
const Brand = Type.String({ description: 'A brand: a pageContentKey of themes/ (destination, quest, store).' });

const page = <Kind extends string, Props extends TProperties>(kind: Kind, properties: Props, description: string) =>
  Type.Object({ kind: Type.Literal(kind), ...properties }, { additionalProperties: false, description });

/** A page with only its languages: the staff pages and the sign-in pages. */
const languagesOnly = <Kind extends string>(kind: Kind, description: string) => page(kind, { languages: Languages }, description);

const PAGE_KINDS = [
  page(
    'form',
    { form: Type.String({ pattern: '^[a-z][a-z0-9-]*$', description: 'The id of a definition in forms/.' }), kiosk: Type.Optional(KioskSetting) },
    'A form of forms/; kiosk runs it on a shared tablet.',
  ),
  page(
    'form-index',
    { prefix: Type.String({ pattern: '^/' }), languages: Languages, title: LocalizedText, description: Type.Optional(LocalizedText) },
    'A list of the forms whose routes start with prefix.',
  ),
  page(
    'hub',
    { brand: Type.Optional(Brand), languages: Languages, title: LocalizedText, description: Type.Optional(LocalizedText) },
    "A brand's hub (or every brand's without brand).",
  ),
  page('club-launch', { languages: Languages, title: LocalizedText }, "The loyalty club's launch page."),
  page('document', { languages: Languages }, 'A document of the documents collection, by its slug.'),
  page('benefits', { languages: Languages, title: LocalizedText }, "The employees' benefits."),
  page('perks', { languages: Languages, title: LocalizedText }, "The employees' perks."),
  page('careers', { brand: Brand, languages: Languages, title: LocalizedText }, "A brand's open positions."),
  page('position', { brand: Brand, languages: Languages }, 'One position and its application.'),
  page('case', { languages: Languages }, "A guest's case page, by the signed link of a reply's mail: the thread and a box to answer."),
  page('party', { languages: Languages }, "A party's page (/p/:code): the attraction's waiver with the party's visit date, each waiver linked to the party."),
  page(
    'party-roster',
    { languages: Languages },
    "The organiser's roster of their party, by the signed link mailed to them: who signed, minors under whom, who is missing.",
  ),
  page('party-new', { languages: Languages, title: LocalizedText }, 'The organiser makes a party: one waiver link for their group.'),
  page(
    'chat',
    { languages: Languages, view: Type.Optional(Type.Union([Type.Literal('chat'), Type.Literal('history')])) },
    'The staff assistant; view history lists past conversations.',
  ),
  languagesOnly('login', 'Staff sign-in.'),
  languagesOnly('login-success', 'After single sign-on.'),
  languagesOnly('staff-users', 'User management (admins).'),
  languagesOnly('staff-audit', 'The audit log (admins).'),
  languagesOnly('staff-profile', "The signed-in account's own settings: the language of the emails sent to it, the weekly digest on or off, and its preview."),
  languagesOnly('staff-insights', "A form's ratings and NPS per venue and period."),
  languagesOnly('staff-verify', "Whether a signed waiver's stored answers still match their SHA-256 (by Form ID or PDF copy)."),
  languagesOnly('staff-alerts', 'The alerts a staff member may read; for admins also the delivery log.'),
  languagesOnly('staff-privacy', "Data-subject requests (admins): find, export and erase a person's submissions."),
  languagesOnly('staff-waivers', 'The waiver desk: find signed waivers and check guests in (desk and admins).'),
  languagesOnly('staff-distribution-points', 'QR cards and distribution points: list, make, edit, print (managers their venues, admins all).'),
  languagesOnly('staff-home', 'The staff console.'),
  languagesOnly('staff-submissions', "A form's submissions."),
  languagesOnly('staff-submission', 'One submission.'),
  languagesOnly('staff-content', "A content collection's documents."),
  languagesOnly('staff-content-edit', 'One content document or global.'),
  page('not-found', {}, 'The Not Found page.'),
];

/**
 * The union, written for JSON Schema as one check of `kind` and then the options of that kind only
 * (if/then per kind), so a mistake gets one message about the kind it is in, not one per kind.
 */
export const PageRef = Type.Unsafe<PageRef>({
  type: 'object',
  required: ['kind'],
  properties: { kind: { enum: PAGE_KINDS.map((member) => member.properties.kind.const), description: 'What the route shows.' } },
  allOf: PAGE_KINDS.map((member) => ({ if: { properties: { kind: { const: member.properties.kind.const } } }, then: member })),
});
export type PageRef = Static<(typeof PAGE_KINDS)[number]>;
export type PageKindName = PageRef['kind'];
/** The routes.json entry of one page kind (or of several: PageOf<'careers' | 'position'>). */
export type PageOf<Kind extends PageKindName> = Extract<PageRef, { kind: Kind }>;

export const RoutesSchema = Type.Object(
  {
    $schema: Type.Optional(Type.String()),
    defaults: Type.Object({ theme: Theme }, { additionalProperties: false }),
    settings: Type.Array(
      Type.Object(
        {
          prefix: Type.String({ pattern: '^/' }),
          /** The header title, in every language (an i18next namespace 'routes', keyed by prefix, in the pages). */
          header: Type.Optional(LocalizedText),
          theme: Theme,
          hideHeader: Type.Optional(Type.Boolean()),
          font: Type.Optional(Type.String()),
          width: Type.Optional(Type.Union([Type.Literal('narrow'), Type.Literal('large')])),
          description: Type.Optional(Type.String()),
        },
        { additionalProperties: false },
      ),
    ),
    routes: Type.Array(
      Type.Object(
        {
          path: Type.String({ pattern: '^/' }),
          set: Type.Union([Type.Literal('public'), Type.Literal('private'), Type.Literal('both')]),
          page: PageRef,
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
export type RoutesTable = Omit<Static<typeof RoutesSchema>, '$schema'>;
export type RouteEntry = RoutesTable['routes'][number];
export type PageSettingsRule = RoutesTable['settings'][number];
export type ThemeId = Static<typeof Theme>;
