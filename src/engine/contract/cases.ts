// A case's thread (service recovery) as the staff console and the server share it: the messages
// to and from the guest, what the console sends to reply (POST .../messages), and whether a reply
// is possible at all (and why not). The server's route schemas and the console's types are both
// taken from these shapes.
import { Type, type Static } from '@sinclair/typebox';
import { LANGUAGES } from '../text/languages.ts';
import type { CompiledForm, UploadRule } from '../compiler/compiled.ts';

/** A reply is a letter, not a report: longer ones are refused (400 naming `text`). */
export const CASE_REPLY_MAX_LENGTH = 5000;

/** Why a submission's guest cannot be replied to (the 409's `code`, the console's reason instead of the button). */
export const REPLY_BLOCKS = ['no-contact', 'said-no', 'no-email'] as const;
export type ReplyBlock = (typeof REPLY_BLOCKS)[number];

export const DELIVERY_STATES = ['queued', 'retrying', 'sent', 'failed'] as const;

/** A form takes replies (and so has cases a guest answers) when it says how its guest is reached and is not confidential. */
export const takesReplies = (compiled: Pick<CompiledForm, 'confidential'> & { form: Pick<CompiledForm['form'], 'contact'> }): boolean =>
  Boolean(compiled.form.contact) && !compiled.confidential;

/**
 * The one photo a guest may send with an answer on their case page: an upload of its own collection
 * (POST /api/case-photos gives `doc` and `claim`; the answer names `photo` with the claim in
 * X-Upload-Claim, or the page posts it as multipart `photo`), images only, checked like every upload.
 */
export const CASE_PHOTO_RULE: UploadRule = {
  field: 'photo',
  collection: 'case-photos',
  maxBytes: 5 * 1024 * 1024,
  accept: ['image/jpeg', 'image/png', 'image/webp'],
  multiple: false,
};

/** A message's photo as its reader opens it (staff: the uploads file route, the submission's read check; the guest: their case page's own address). */
export const CasePhoto = Type.Object({ url: Type.String(), mimeType: Type.String() });

/** The kinds of thread entries beside the messages: the recovery survey's email (its text the question the guest was asked, never its link). */
export const CASE_ENTRY_KINDS = ['recovery-survey'] as const;

export const CaseMessage = Type.Object({
  id: Type.Integer(),
  direction: Type.Union([Type.Literal('to-guest'), Type.Literal('from-guest')]),
  text: Type.String(),
  /** The staff member who wrote a reply (name, else email); null for the guest's own words. */
  author: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
  /** A reply's email on the outbox (queued until a mail server is configured); null for the guest's words. */
  delivery: Type.Union([
    Type.Object({ state: Type.Union(DELIVERY_STATES.map((state) => Type.Literal(state))), error: Type.Optional(Type.String()) }),
    Type.Null(),
  ]),
  /** The guest's photo with their answer (at most one). */
  photo: Type.Optional(CasePhoto),
  /** Absent for a message written to or by the guest; else what else the entry is (its `id` is then its email's on the outbox). */
  kind: Type.Optional(Type.Union(CASE_ENTRY_KINDS.map((kind) => Type.Literal(kind)))),
});
export type CaseMessage = Static<typeof CaseMessage>;

/** GET /api/{collection}/{id}/messages: the thread, oldest first, and what the reply box needs. */
export const CaseThread = Type.Object({
  docs: Type.Array(CaseMessage),
  reply: Type.Object({
    /** The language the guest answered in: replies are written and mailed in it. */
    lang: Type.Union(LANGUAGES.map((lang) => Type.Literal(lang))),
    /** null: a reply may be sent; else why not. */
    blocked: Type.Union([...REPLY_BLOCKS.map((block) => Type.Literal(block)), Type.Null()]),
  }),
});
export type CaseThread = Static<typeof CaseThread>;

/**
 * POST /api/{collection}/{id}/messages: the words (placeholders allowed), the reply template they
 * started from, and whether the case now waits for the guest's answer (its clocks stand still until
 * they answer); without it the case is in progress. A resolved case stays resolved.
 */
export const CaseReply = Type.Object({
  text: Type.String(),
  template: Type.Optional(Type.Union([Type.Integer(), Type.String({ maxLength: 12 })])),
  waitForGuest: Type.Optional(Type.Boolean()),
});
export type CaseReply = Static<typeof CaseReply>;

/** POST /api/{collection}/{id}/messages/preview (the same body): the reply as the guest will read it, nothing sent. */
export const CasePreview = Type.Object({
  lang: Type.Union(LANGUAGES.map((lang) => Type.Literal(lang))),
  subject: Type.String(),
  text: Type.String(),
});
export type CasePreview = Static<typeof CasePreview>;

/** A guest's answer on their case page: a few paragraphs. */
export const CASE_ANSWER_MAX_LENGTH = 2000;

/** GET /api/case/{token}: the guest's own case, as they may see it (staff by first name only, never internal notes). */
export const GuestCase = Type.Object({
  lang: Type.Union(LANGUAGES.map((lang) => Type.Literal(lang))),
  reference: Type.String(),
  venue: Type.String(),
  /** What the guest wrote with their submission: the definition's free-text (textarea) answers, in the form's order. */
  comments: Type.Array(Type.String()),
  docs: Type.Array(
    Type.Object({
      id: Type.Integer(),
      direction: Type.Union([Type.Literal('to-guest'), Type.Literal('from-guest')]),
      text: Type.String(),
      /** A reply's writer by first name, when the account has a name; null for the guest's own words. */
      author: Type.Union([Type.String(), Type.Null()]),
      createdAt: Type.String(),
      photo: Type.Optional(CasePhoto),
    }),
  ),
});
export type GuestCase = Static<typeof GuestCase>;

/**
 * POST /api/case/{token}/messages (JSON) and POST /reply/{token} (the page's native post, `text` and
 * the file `photo`, multipart): the guest's answer; `photo` is the id of an upload to CASE_PHOTO_RULE's
 * collection, its claim in X-Upload-Claim.
 */
export const GuestAnswer = Type.Object({ text: Type.String(), photo: Type.Optional(Type.Integer({ minimum: 1 })) });
/** A guest's photo on their case page: CASE_PAGE_PREFIX + token + CASE_PHOTO_PATH + the stored file's name. */
export const CASE_PHOTO_PATH = '/photos/';

/** The case page's address (the link in every reply's mail; a stated contract): CASE_PAGE_PREFIX + token. */
export const CASE_PAGE_PREFIX = '/reply/';
/** The page's fragment after an answer was stored (303 to the page#answer-sent: the notice shows by :target, no script needed). */
export const CASE_ANSWER_SENT = 'answer-sent';
export type GuestAnswer = Static<typeof GuestAnswer>;
