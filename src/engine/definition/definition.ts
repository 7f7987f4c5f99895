// The form-definition format. This TypeBox schema is the single source of both the
// TypeScript types (Static<...>) and forms/form.schema.json (written by `npm run forms:schema`,
// checked for drift by tests/unit/forms-check.test.ts). Each kind of question is a module of
// src/engine/fields/ (FIELD_TYPES); the shared pieces are in src/engine/fields/parts.ts.
import { Type, type Static } from '@sinclair/typebox';

import { Field } from '../fields/index.ts';
import { ContentBlock } from '../fields/content.ts';
import { Condition, FieldName, Id, LocalizedText, Option } from '../fields/parts.ts';
import { LANGUAGES, type Lang } from '../text/languages.ts';
import { SubmissionList } from './list-columns.ts';
import { ROLES } from '../access/roles.ts';
import { DOHA_DATE_TIME } from '../quotas/availability.ts';
import { PERIOD_PATTERN } from '../cases/reporter-case.ts';

const Period = (description: string) => Type.String({ pattern: PERIOD_PATTERN, description });

export { LANGUAGES, type Lang };
export { Condition, LocalizedText, Option, RICH_TEXT_PATTERN, ValueSource } from '../fields/parts.ts';
export {
  ChoiceField,
  ConsentField,
  ContentBlock,
  CountryField,
  DateField,
  EmailField,
  Field,
  FileField,
  HiddenField,
  MultiChoiceField,
  NumberField,
  PhoneField,
  RatingField,
  RepeatField,
  ScaleField,
  SelectField,
  SignatureField,
  TextField,
  TextareaField,
} from '../fields/index.ts';

export type Field = Static<typeof Field>;
export type FieldType = Field['type'];
export type DataField = Exclude<Field, Static<typeof ContentBlock>>;

export const Section = Type.Object(
  {
    id: Id('Section id.'),
    title: Type.Optional(LocalizedText),
    description: Type.Optional(LocalizedText),
    visibleIf: Type.Optional(Condition),
    fields: Type.Array(Field, { minItems: 1 }),
  },
  { additionalProperties: false },
);
export type Section = Static<typeof Section>;

export const FormDefinition = Type.Object(
  {
    $schema: Type.Optional(Type.String()),
    id: Id('Form id; also the $id of its compiled JSON Schema.'),
    version: Type.Integer({ minimum: 1 }),
    languages: Type.Array(Type.Union(LANGUAGES.map((l) => Type.Literal(l))), { minItems: 1, uniqueItems: true }),
    title: LocalizedText,
    staffTitle: Type.Optional(
      Type.Object(LocalizedText.properties, {
        additionalProperties: false,
        description:
          'The form\'s name in the staff console (its home, navigation and headings), e.g. { "en": "Dining survey", "ar": "استبيان المطاعم", "fr": "Enquête restauration" }: in every language the console speaks (en, ar, fr), whatever languages the guests see. A guest form needs it (forms:check).',
      }),
    ),
    description: Type.Optional(LocalizedText),
    submit: Type.Object(
      {
        collection: Id('Collection that stores the submissions (POST /api/{collection}).'),
        label: LocalizedText,
        busyLabel: Type.Optional(LocalizedText),
        captcha: Type.Optional(Type.Object({ action: Type.String({ pattern: '^[a-z_]+$' }) }, { additionalProperties: false })),
        unique: Type.Optional(
          Type.Array(Type.Object({ fields: Type.Array(FieldName, { minItems: 1 }), message: LocalizedText }, { additionalProperties: false })),
        ),
        failed: Type.Optional(LocalizedText),
        requestFailed: Type.Optional(LocalizedText),
        evidence: Type.Optional(
          Type.Boolean({
            description:
              'Store a liability record with each submission: definition version and hash, language, time and a hash of the signed content. Its submissions are then under legal hold for their retention: kept even when the person asks to be erased.',
          }),
        ),
        global: Type.Optional(
          Type.Boolean({ description: 'Content forms (forms/content/): the collection is a global, saved with POST /api/globals/{collection}.' }),
        ),
      },
      { additionalProperties: false },
    ),
    success: Type.Optional(
      Type.Object(
        {
          title: Type.Optional(LocalizedText),
          subtitle: Type.Optional(LocalizedText),
          referenceLabel: Type.Optional(LocalizedText),
          reviewAsk: Type.Optional(
            Type.Boolean({
              description:
                "Offer every guest (whatever they answered) to share their experience on the review sites the submission's venue names (google_review_url, tripadvisor_url).",
            }),
          ),
          link: Type.Optional(
            Type.Object(
              {
                path: Type.String({ pattern: '^/(?!/)', description: 'A page of this site, e.g. /clubprintemps.' }),
                label: LocalizedText,
              },
              { additionalProperties: false },
            ),
          ),
        },
        {
          additionalProperties: false,
          description:
            'The thank-you panel; referenceLabel shows the submission reference, e.g. "Your Form ID is: {reference}"; link leads on to another page of the site.',
        },
      ),
    ),
    steps: Type.Optional(
      Type.Array(
        Type.Object(
          {
            id: Id('Step id.'),
            title: LocalizedText,
            sections: Type.Array(Type.String(), { minItems: 1, description: 'Ids of the sections shown in this step, in order.' }),
          },
          { additionalProperties: false },
        ),
        { minItems: 2, description: 'Optional pages: each step validates its own sections before the next.' },
      ),
    ),
    sections: Type.Array(Section, { minItems: 1 }),
    access: Type.Optional(
      Type.Array(Type.Union(ROLES.map((role) => Type.Literal(role))), {
        minItems: 1,
        uniqueItems: true,
        description: 'Staff roles that may read its submissions (default: admin and viewer). A manager reads those of its own venues only (see venue).',
      }),
    ),
    confidential: Type.Optional(
      Type.Boolean({
        description: 'Alerts about a submission carry its reference and a console link only, and nothing of its answers is ever written to a log line.',
      }),
    ),
    venue: Type.Optional(
      Type.Object(
        { field: FieldName },
        {
          additionalProperties: false,
          description:
            "The question naming the venue a submission is about (a select with optionsFrom, or a hidden lookup): venue managers read, and are alerted for, their venues' submissions.",
        },
      ),
    ),
    contact: Type.Optional(
      Type.Object(
        {
          email: FieldName,
          phone: Type.Optional(FieldName),
          name: Type.Optional(FieldName),
          consent: Type.Optional(FieldName),
        },
        {
          additionalProperties: false,
          description:
            'How staff may reach the guest about a submission (service recovery): the email question (type email), and optionally the phone (phone), name (text) and a yes/no question asking whether they may (choice with yes/no options; "no" means no reply). A reply is offered only when the email was given and the guest did not say no. Not on a confidential form.',
        },
      ),
    ),
    reporterAccess: Type.Optional(
      Type.Object(
        {
          page: Type.String({
            pattern: '^/(?!/)[a-z0-9/-]+$',
            maxLength: 200,
            description: "The reporter's own page of their case (e.g. /employee/whistle-blower/case): case code and secret open it.",
          }),
          acknowledgeWithin: Period('Acknowledgement due this long after receipt (ISO 8601, e.g. P7D).'),
          acknowledgeReminder: Period('Reminder to the readers this long after receipt when not yet acknowledged (e.g. P5D).'),
          feedbackWithin: Period('Feedback due this long after acknowledgement (e.g. P3M).'),
          feedbackReminder: Period('Reminder this long after acknowledgement when no feedback was given (e.g. P2M21D).'),
        },
        {
          additionalProperties: false,
          description:
            "A two-way case for a reporter who may stay anonymous (whistle-blowing): after sending they are shown the case code (the reference) and a secret, once; with both they open the case on `page`, read the readers' questions and feedback and add information. Only a hash of the secret is kept; nothing is ever emailed to the reporter. Needs a confidential form.",
        },
      ),
    ),
    attraction: Type.Optional(
      Type.String({
        pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$',
        maxLength: 100,
        description:
          'Waivers: the attraction slug (e.g. ifly) whose waiver desk finds its waivers: a desk account holds attraction slugs as its venues (create-user --role desk --venue ifly).',
      }),
    ),
    retention: Type.Optional(
      Type.String({
        pattern: '^P(?!$)(\\d+Y)?(\\d+M)?(\\d+W)?(\\d+D)?$',
        description: 'How long its submissions are kept, as an ISO 8601 period (P2Y, P6M, P90D); then the daily job deletes them with their files.',
      }),
    ),
    list: Type.Optional(SubmissionList),
    opens: Type.Optional(
      Type.String({
        pattern: DOHA_DATE_TIME,
        description:
          'When guests may start sending it: an ISO 8601 date-time in Doha time, e.g. "2027-01-05T09:00". Before it, its page says when it opens and the API refuses answers (403).',
      }),
    ),
    closes: Type.Optional(
      Type.String({
        pattern: DOHA_DATE_TIME,
        description:
          'When it stops taking answers: an ISO 8601 date-time in Doha time, e.g. "2027-03-31T23:59". From then on its page says it has closed and the API refuses answers (403).',
      }),
    ),
    maxResponses: Type.Optional(
      Type.Integer({
        description:
          'How many answers it takes in all (at least 1); once that many are stored its page thanks guests for their interest and the API refuses more (403). Erasing a submission does not give its place back.',
      }),
    ),
    maxResponsesPerVenue: Type.Optional(
      Type.Integer({
        description: 'How many answers it takes for each venue (see venue; at least 1): a venue that has them all refuses more, the others still take answers.',
      }),
    ),
    rules: Type.Optional(
      Type.Array(
        Type.Object(
          {
            id: Id("Rule id (names its message among the form's texts)."),
            field: Type.String({
              pattern: '^[a-z][a-z0-9_]*(\\.[a-z][a-z0-9_]*)?$',
              description: 'The answer refused: a question ("birth_date") or a question of a repeated group ("dependents.birth_date", checked in every item).',
            }),
            refuseIf: Condition,
            message: LocalizedText,
          },
          { additionalProperties: false },
        ),
        {
          description:
            'Age and fitness rules, checked by the page (next to the question) and the server (a 400 naming it) alike: the answer at `field` is refused with `message` when `refuseIf` holds. In a repeated group the condition reads the item\'s answers, then the form\'s (e.g. the visit date). E.g. { "id": "min_age", "field": "dependents.birth_date", "refuseIf": { "field": "birth_date", "ageUnder": 3, "on": "visit_date" }, "message": {...} }.',
        },
      ),
    ),
    resignOnNewTerms: Type.Optional(
      Type.Boolean({
        description:
          'Waivers: a waiver signed on other terms (a different terms fingerprint than today\'s) no longer covers its guests: the desk says "must sign the new terms" and refuses the check-in until they sign again. Default: earlier signatures stay valid (the desk only notes the change).',
      }),
    ),
    validFor: Type.Optional(
      Type.String({
        pattern: '^P(?!$)(\\d+Y)?(\\d+M)?(\\d+W)?(\\d+D)?$',
        description:
          'Waivers: how long a signed waiver stays valid from its visit date (or signing date), as an ISO 8601 period (P1Y); default: the visit date only. The waiver desk shows "Valid until" or "Expired" from it.',
      }),
    ),
    remindBeforeExpiry: Type.Optional(
      Type.String({
        pattern: '^P(?!$)(\\d+W)?(\\d+D)?$',
        description:
          'Waivers with `validFor`: a guest who gave an email (the `email` question) is mailed this long before their waiver expires (P14D), once per waiver, with a link to sign again (their details filled in through the returning-guest code).',
      }),
    ),
    party: Type.Optional(
      Type.Object(
        {
          margin: Type.Integer({
            minimum: 0,
            maximum: 50,
            description:
              'People beyond the expected number a party link still takes (a sibling who came along); past expected + margin it says the party is full.',
          }),
        },
        {
          additionalProperties: false,
          description:
            'Waivers: groups may sign through one link (a party: /p/{code}, made by the organiser or the desk), the visit date carried and each waiver linked to the party; the desk sees its roster. Needs a `visit_date` question.',
        },
      ),
    ),
  },
  { additionalProperties: false, $id: 'https://forms.local/form.schema.json' },
);
export type FormDefinition = Static<typeof FormDefinition>;

export const VocabularyFile = Type.Record(
  Type.String({ pattern: '^[a-zA-Z][a-zA-Z0-9]*$' }),
  Type.Union([
    Type.String(),
    Type.Object(
      {
        ordered: Type.Optional(Type.Boolean()),
        stars: Type.Optional(
          Type.Boolean({
            description:
              'Draw a rating on this scale as stars: for quality ratings (Poor ... Excellent) only. Other scales (agreement, frequency, satisfaction) are drawn as labelled steps.',
          }),
        ),
        options: Type.Array(Option, { minItems: 1 }),
      },
      { additionalProperties: false },
    ),
  ]),
);
