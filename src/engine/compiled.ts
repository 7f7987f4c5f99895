// What `npm run forms:build` produces for each definition (build/forms/<id>.json), read by
// the page (to render) and the server (to validate and store). The validator itself is the
// ajv standalone module build/forms/<id>.validate.mjs, whose default export is
// { [formId]: ValidateFunction } (the shape @rjsf/validator-ajv8's createPrecompiledValidator takes).
import type { FormDefinition, Lang, Option, Section, Field } from './definition.ts';

export type JsonSchema = Record<string, unknown>;

/** A field after vocabulary references are replaced by their options. */
export type ResolvedField = Field & { options?: Option[] };
/** A field that holds a value (every field but static content). */
export type ResolvedDataField = Exclude<ResolvedField, { type: 'content' }>;
export type ResolvedSection = Omit<Section, 'fields'> & { fields: ResolvedField[] };
export type ResolvedForm = Omit<FormDefinition, 'sections' | '$schema'> & { sections: ResolvedSection[] };

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
  /** English label of every data field by path, for server error messages. */
  labels: Record<string, string>;
  uploads: UploadRule[];
  unique: { fields: string[]; message: Record<Lang, string> }[];
  /** Fields whose value must exist in a backend collection (checked by the server). */
  references: { field: string; collection: string; match: string; filter?: { field: string; equalsAnswer: string } }[];
  /** Values the server derives from others (never trusted from the page). */
  derived: { field: string; from: string; kind: 'nps' }[];
  form: ResolvedForm;
}
