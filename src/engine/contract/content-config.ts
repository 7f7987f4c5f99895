// CONTENT_DIR/collections.json: the content collections (stores, restaurants, ...) and globals the
// API serves. Declared once here: the server's types, its check at start (core/content-config.ts)
// and forms:check's (content/collections.schema.json, written by forms:schema).
import { Type, type Static } from '@sinclair/typebox';

const Slug = Type.String({ pattern: '^[a-z][a-z0-9-]*$', description: 'The collection in the API: /api/{slug}.' });
/** How a field is compared in queries. */
export const FieldKind = Type.Union([Type.Literal('text'), Type.Literal('number'), Type.Literal('boolean'), Type.Literal('json')]);

export const ContentCollectionConfig = Type.Object(
  {
    slug: Slug,
    label: Type.String({ minLength: 1 }),
    read: Type.Union([Type.Literal('public'), Type.Literal('staff'), Type.Literal('admin')], {
      description: "'public': the public API key may read it; 'staff': only signed-in staff; 'admin': only admins read and edit it (alert rules).",
    }),
    key: Type.String({ minLength: 1, description: 'Field that identifies a seed document, so seeding again updates instead of duplicating.' }),
    fields: Type.Record(Type.String(), FieldKind, { description: 'Queryable fields and how they compare.' }),
    rows: Type.Optional(
      Type.Record(Type.String(), Type.Array(Type.String()), {
        description:
          'Array fields\' row sub-fields, e.g. {"scripts": ["type", "src", ...]}: each row answers with an id and every sub-field (null when empty), as Payload does.',
      }),
    ),
    publicWhere: Type.Optional(
      Type.Record(Type.String(), Type.Unknown(), {
        description:
          'What the public API key may see of it, as a Payload where clause; "$today" and "$now" stand for the current date (YYYY-MM-DD) and time. Staff see everything.',
      }),
    ),
    staffFields: Type.Optional(
      Type.Array(Type.String(), {
        description: "Fields only staff read, left out of what the public key gets (e.g. a venue manager's address, which alerts use).",
      }),
    ),
  },
  { additionalProperties: false },
);
export type ContentCollectionConfig = Static<typeof ContentCollectionConfig>;

export const GlobalConfig = Type.Object(
  {
    slug: Slug,
    read: Type.Union([Type.Literal('public'), Type.Literal('staff')]),
  },
  { additionalProperties: false },
);
export type GlobalConfig = Static<typeof GlobalConfig>;
export type FieldKind = Static<typeof FieldKind>;

export const ContentConfigFile = Type.Object(
  {
    $schema: Type.Optional(Type.String()),
    $comment: Type.Optional(Type.String()),
    collections: Type.Optional(Type.Array(ContentCollectionConfig)),
    globals: Type.Optional(Type.Array(GlobalConfig)),
  },
  { additionalProperties: false },
);

export interface ContentConfig {
  collections: ContentCollectionConfig[];
  globals: GlobalConfig[];
}
