// Every collection the API knows, built at start from the compiled forms (submission and upload
// collections) and the content configuration. Nothing here names a particular form.
import type { UploadRule } from '../../engine/compiler/compiled.ts';
import type { LoadedForm } from './forms/compiled-forms.ts';
import { uploadRulesByCollection } from './forms/compiled-forms.ts';
import type { ContentConfig, GlobalConfig } from './content-config.ts';
import { CASE_PHOTO_RULE, takesReplies } from '../../engine/contract/cases.ts';

/** How a data field is compared in `where` and `sort`. */
export type { FieldKind } from '../../engine/contract/content-config.ts';
import type { FieldKind } from '../../engine/contract/content-config.ts';

export interface Collection {
  slug: string;
  kind: 'submissions' | 'uploads' | 'content';
  /** Singular label used in "<label> successfully created." */
  label: string;
  fields: Map<string, FieldKind>;
  /** What the public API key may do; staff may read everything. */
  publicCreate: boolean;
  publicRead: boolean;
  /** Content only admins read and edit (content/collections.json read: 'admin'), e.g. alert rules with their webhook keys. */
  adminOnly?: boolean;
  form?: LoadedForm;
  upload?: UploadRule;
  /** A confidential form's submissions, or files a confidential form stores: sealed before they reach the database or file store (features/sealed). */
  sealed?: boolean;
  /** Content only: array fields and their rows' sub-fields (content/collections.json "rows"), answered as Payload answers array rows. */
  rows?: Record<string, string[]>;
  /** Content only: the where clause every public read is limited to (content/collections.json). */
  publicWhere?: Record<string, unknown>;
  /** Content only: fields left out of public reads (content/collections.json "staffFields"). */
  staffFields?: string[];
}

export interface Registry {
  collections: Map<string, Collection>;
  globals: Map<string, GlobalConfig>;
  forms: LoadedForm[];
}

/** "survey-customer-feedbacks" → "Survey Customer Feedback", as Payload labels a collection by default. */
function labelFromSlug(slug: string): string {
  const words = slug.split('-').map((word) => word.charAt(0).toUpperCase() + word.slice(1));
  const last = words.length - 1;
  if (/[^s]s$/.test(words[last])) words[last] = words[last].slice(0, -1);
  return words.join(' ');
}

function kindOfSchema(schema: Record<string, unknown>): FieldKind {
  const type = schema.type;
  if (type === 'integer' || type === 'number') return 'number';
  if (type === 'boolean') return 'boolean';
  if (type === 'array' || type === 'object') return 'json';
  if (Array.isArray(schema.enum) && schema.enum.every((value) => typeof value === 'number')) return 'number';
  return 'text';
}

function submissionFields(form: LoadedForm): Map<string, FieldKind> {
  const properties = (form.compiled.schema.properties ?? {}) as Record<string, Record<string, unknown>>;
  const fields = new Map(Object.entries(properties).map(([name, schema]) => [name, kindOfSchema(schema)]));
  for (const derived of form.compiled.derived) fields.set(derived.field, 'text');
  return fields;
}

/** A guests' upload collection: anyone with the pages' key uploads (a submission then claims the file); staff read by the submission's check. */
function uploadCollection(upload: UploadRule, sealed: boolean): Collection {
  const fields = new Map<string, FieldKind>([
    ['filename', 'text'],
    ['mimeType', 'text'],
    ['filesize', 'number'],
  ]);
  return { slug: upload.collection, kind: 'uploads', label: 'Media', fields, publicCreate: true, publicRead: false, upload, sealed };
}

/** The forms whose guests' files are stored in an upload collection: their own upload fields, and the photos with their cases' answers. */
export function formsFilingInto(registry: Pick<Registry, 'forms'>, collection: Pick<Collection, 'slug'>): LoadedForm[] {
  return registry.forms.filter(
    (form) =>
      form.compiled.uploads.some((upload) => upload.collection === collection.slug) ||
      (collection.slug === CASE_PHOTO_RULE.collection && takesReplies(form.compiled)),
  );
}

export function buildRegistry(forms: LoadedForm[], content: ContentConfig): Registry {
  const collections = new Map<string, Collection>();
  const add = (collection: Collection) => {
    if (collections.has(collection.slug)) throw new Error(`The collection "${collection.slug}" is declared twice (forms or content/collections.json).`);
    collections.set(collection.slug, collection);
  };
  for (const form of forms) {
    add({
      slug: form.compiled.collection,
      kind: 'submissions',
      label: labelFromSlug(form.compiled.collection),
      fields: submissionFields(form),
      publicCreate: true,
      publicRead: false,
      form,
      sealed: form.compiled.confidential,
    });
  }
  for (const upload of uploadRulesByCollection(forms).values()) {
    const sealed = forms.some((form) => form.compiled.confidential && form.compiled.uploads.some((rule) => rule.collection === upload.collection));
    add(uploadCollection(upload, sealed));
  }
  // The guests' photos with their answers to a case (features/cases), when some form takes replies.
  if (forms.some((form) => takesReplies(form.compiled))) add(uploadCollection(CASE_PHOTO_RULE, false));
  for (const config of content.collections) {
    add({
      slug: config.slug,
      kind: 'content',
      label: config.label,
      fields: new Map(Object.entries(config.fields)),
      publicCreate: false,
      publicRead: config.read === 'public',
      adminOnly: config.read === 'admin',
      publicWhere: config.publicWhere,
      rows: config.rows,
      staffFields: config.staffFields,
    });
  }
  for (const form of forms) {
    for (const reference of form.compiled.references) {
      if (!collections.has(reference.collection)) {
        throw new Error(
          `The form ${form.compiled.id} takes "${reference.field}" from the collection "${reference.collection}", which content/collections.json does not declare.`,
        );
      }
    }
  }
  return { collections, globals: new Map(content.globals.map((global) => [global.slug, global])), forms };
}
