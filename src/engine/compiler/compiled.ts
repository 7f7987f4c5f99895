// What `npm run forms:build` produces for each definition (build/forms/<id>.json), read by
// the page (to render) and the server (to validate and store). The validator itself is the
// ajv standalone module build/forms/<id>.validate.mjs, whose default export is
// { [formId]: ValidateFunction } (the shape @rjsf/validator-ajv8's createPrecompiledValidator takes).
import type { Role } from '../access/roles.ts';
import type { FormDefinition, Lang, Option, Section, Field } from '../definition/definition.ts';
import type { Keyed, JsonSchema, LocalizedText, TextKey } from '../fields/parts.ts';

export type { JsonSchema, Keyed, TextKey } from '../fields/parts.ts';

/** A field after vocabulary references are replaced by their options, texts still inline (build time only). */
/** `stars`: a rating whose scale is drawn as stars (the vocabulary says so). */
export type AuthoredField = Field & { options?: Option[]; stars?: boolean };
export type AuthoredSection = Omit<Section, 'fields'> & { fields: AuthoredField[] };
export type AuthoredForm = Omit<FormDefinition, 'sections' | '$schema'> & { sections: AuthoredSection[] };

/** What page and server work with: the resolved form, its texts as keys. */
export type ResolvedField = Keyed<AuthoredField>;
/** A field that holds a value (every field but static content). */
export type ResolvedDataField = Exclude<ResolvedField, { type: 'content' }>;
export type ResolvedSection = Keyed<AuthoredSection>;
export type ResolvedForm = Keyed<AuthoredForm>;

export interface UploadRule {
  /** Path of the field in the submitted data. */
  field: string;
  collection: string;
  maxBytes: number;
  accept: string[];
  multiple: boolean;
}

export interface CompiledForm {
  id: string;
  version: number;
  /** sha256 of the canonical definition: submissions are pinned to it. */
  hash: string;
  languages: Lang[];
  collection: string;
  captcha: { action: string } | null;
  /** The contract for submitted data: JSON Schema 2020-12 with $id = id. */
  schema: JsonSchema;
  /** English label of every data field by name, for CSV headers and logs. */
  labels: Record<string, string>;
  uploads: UploadRule[];
  unique: { fields: string[]; message: TextKey }[];
  /** Fields whose value must exist in a backend collection (checked by the server). */
  references: { field: string; collection: string; match: string; filter?: { field: string; equalsAnswer: string } }[];
  /** Values the server derives from others (never trusted from the page). */
  derived: { field: string; from: string; kind: 'nps' }[];
  /** Its name in the staff console, in every language the console speaks (the definition's staffTitle; a content form: its title). */
  staffTitle: LocalizedText;
  /** Staff roles that may read its submissions (the definition's `access`, else admin and viewer). */
  access: Role[];
  /** Alerts carry the reference only; nothing of its answers goes to a log line. */
  confidential: boolean;
  /** The question naming the venue, and how its answer finds the venue document (whose slug scopes managers). */
  venue: { field: string; collection: string; match: string } | null;
  /** How long submissions are kept (ISO 8601 period), or null: kept until erased. */
  retention: string | null;
  form: ResolvedForm;
}
