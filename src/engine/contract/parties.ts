// Parties (one link for a group): the shapes the public pages, the organiser's roster page, the
// waiver desk and the server share (POST /api/parties, GET /api/parties/page/{code},
// GET /api/parties/roster/{token}, GET /api/parties/today, ...), declared once in TypeBox.
import { Type, type Static } from '@sinclair/typebox';

export * from './party-names.ts';

const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD' });

export const PartyCreate = Type.Object(
  {
    form: Type.String({ maxLength: 100, description: "The attraction's waiver (a form id with `party` in its definition)." }),
    visitDate: Type.String({ maxLength: 10 }),
    name: Type.String({ maxLength: 200 }),
    phone: Type.String({ maxLength: 30 }),
    email: Type.String({ maxLength: 254 }),
    expected: Type.Integer(),
    /** The organiser's language: their mail and roster page speak it. */
    lang: Type.Optional(Type.String({ maxLength: 5 })),
  },
  { additionalProperties: false },
);
export type PartyCreate = Static<typeof PartyCreate>;

/** A party as the organiser and the desk see it (never its roster token). */
export const Party = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  form: Type.String(),
  /** The waiver's title per language (the attraction). */
  title: Type.Record(Type.String(), Type.String()),
  visitDate: Day,
  organiser: Type.Object({ name: Type.String(), phone: Type.String(), email: Type.String() }),
  expected: Type.Integer(),
  /** People signed so far: every signer and every minor under them. */
  signed: Type.Integer(),
  /** The most people the link takes: expected + the definition's margin. */
  limit: Type.Integer(),
  /** The party's page: PUBLIC_URL (or the request's address) + /p/{code}. */
  link: Type.String(),
  createdAt: Type.String(),
});
export type Party = Static<typeof Party>;

export const PartyCreated = Type.Object({ doc: Party, message: Type.String(), qr: Type.String({ description: 'The link as an SVG QR code.' }) });
export type PartyCreated = Static<typeof PartyCreated>;

/** What a party's page needs before the waiver: which waiver, the day, and whether the link still takes guests. */
export const PartyPage = Type.Object({
  code: Type.String(),
  form: Type.String(),
  visitDate: Day,
  organiser: Type.String({ description: "The organiser's name (shown: 'You are signing for X's party')." }),
  state: Type.Union([Type.Literal('open'), Type.Literal('full'), Type.Literal('past')]),
  /** The plain waiver's page, offered when the link takes no more. */
  waiverPath: Type.Union([Type.String(), Type.Null()]),
});
export type PartyPage = Static<typeof PartyPage>;

export const RosterPerson = Type.Object({
  name: Type.String(),
  /** A minor's guardian (the adult who signed for them); null for an adult. */
  guardian: Type.Union([Type.String(), Type.Null()]),
  birthDate: Type.Union([Type.String(), Type.Null()]),
  /** The waiver and the person in it, as the desk's check-in names them. */
  waiver: Type.Integer(),
  person: Type.Union([Type.Literal('signer'), Type.Integer({ minimum: 0 })]),
  reference: Type.String(),
  signedAt: Type.String(),
  /** The desk checked them in (time), or null. */
  checkedInAt: Type.Union([Type.String(), Type.Null()]),
  /** The desk would refuse their check-in: they must sign the new terms. */
  mustSignNewTerms: Type.Boolean(),
});
export type RosterPerson = Static<typeof RosterPerson>;

export const PartyRoster = Type.Object({
  party: Party,
  people: Type.Array(RosterPerson),
  /** expected - signed, never below 0. */
  missing: Type.Integer({ minimum: 0 }),
  /** The organiser's language (their page's). */
  lang: Type.String(),
});
export type PartyRoster = Static<typeof PartyRoster>;

/** GET /api/parties/today: the desk's parties of the day, per attraction. */
export const PartiesToday = Type.Object({ day: Day, docs: Type.Array(Party) });
export type PartiesToday = Static<typeof PartiesToday>;

/** POST /api/parties/{id}/check-ins: the whole party (no body) or one person. */
export const PartyCheckIn = Type.Object({
  waiver: Type.Optional(Type.Integer()),
  person: Type.Optional(Type.Union([Type.Literal('signer'), Type.Integer({ minimum: 0, maximum: 99 })])),
});
export type PartyCheckIn = Static<typeof PartyCheckIn>;

export const PartyCheckInAnswer = Type.Object({
  checkedIn: Type.Integer(),
  /** The people refused, each with the reason (the desk's own check-in rules). */
  refused: Type.Array(Type.Object({ name: Type.String(), reason: Type.String() })),
  roster: PartyRoster,
});
export type PartyCheckInAnswer = Static<typeof PartyCheckInAnswer>;
