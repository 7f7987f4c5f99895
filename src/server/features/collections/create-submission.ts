// POST /api/{formCollection}: validate with the form's compiled schema, then in ONE transaction
// claim the Idempotency-Key, consume the captcha proof, check uploads, insert (the references
// checked by the same statement), and attach the uploads. A create that writes nothing beside its
// document and its key is one statement: references checked, key claimed, document stored.
// Nothing about a particular form is written here: every rule comes from the CompiledForm.
import type { Lang } from '../../../engine/definition/definition.ts';
import { formText, t } from '../../../engine/text/messages.ts';
import { isDatabaseError, UNIQUE_VIOLATION, type Db, type Queryable } from '../../core/db/db.ts';
import { fieldsOfViolation, isUniqueRuleIndex, type UniqueRule } from '../../core/db/unique-indexes.ts';
import { badRequest, validationError, type FieldError } from '../../core/errors.ts';
import type { LoadedForm } from '../../core/forms/compiled-forms.ts';
import { applyDerivedValues } from '../../core/forms/derived.ts';
import { evidenceFor, type EvidenceClient } from '../../core/forms/evidence.ts';
import { fieldLabel, validateSubmission } from '../../core/forms/validation.ts';
import { normalizePhones } from '../../../engine/checks/phones.ts';
import { fillTodayDefaults } from '../../../engine/checks/answers.ts';
import { captchaMissing, consumeProof, spendProof } from '../captcha/index.ts';
import { refuseUnavailable } from '../quotas/index.ts';
import type { SubmissionHook } from '../../core/submission-hooks.ts';
import type { Collection } from '../../core/registry.ts';
import type { DocumentRow } from '../../core/documents.ts';
import { visibleTo } from './find-documents.ts';
import { whereToSql } from './where.ts';
import { newReference, REFERENCE_INDEX } from '../../core/forms/reference.ts';
import { venueSlugSql } from '../../core/forms/venue.ts';
import type { IdempotencyClaim } from '../../core/http/idempotency.ts';
import type { ServerContext } from '../../core/context.ts';
import type { Sealer } from '../sealed/index.ts';

export interface SubmissionRequest {
  body: unknown;
  captchaProof: string | undefined;
  /** SHA-256 of the upload claims the request carries (uploads/upload-claims.ts). */
  uploadClaims: string[];
  lang: Lang;
  /** Body keys the JSON parser refused (core/http/errors-plugin.ts). */
  refusedKeys?: string[];
  /** The Idempotency-Key's claim, made in the same transaction (see idempotency.ts). */
  idempotency?: IdempotencyClaim | null;
  /** Who sent it (a waiver's evidence keeps it). */
  client?: EvidenceClient;
  /** The page's view token (features/reach: the submission's source). */
  view?: string;
  /** The party code the page sent (X-Party), unchecked (features/parties reads it). */
  party?: string;
}

interface Dependencies {
  db: Db;
  /** The collections a form's answers may name (e.g. a position): only what the public may see counts. */
  collections: Map<string, Collection>;
  uniqueRules: Map<string, UniqueRule>;
  uploadOrphanMinutes: number;
  /** Other features' work on a stored submission (alerts' outbox...), in its transaction. */
  submissionHooks: readonly SubmissionHook[];
  jwtSecret: string;
  /** Seals a confidential form's answers before they are stored (features/sealed). */
  sealer: Sealer;
}

const present = (value: unknown) => value !== undefined && value !== null;
const PUBLIC_CALLER = { kind: 'public' } as const;
const MAX_ID = 2_147_483_647;
/** Upload ids as the id column's integers; anything else cannot name an upload (and counts as missing). */
const idsOf = (value: unknown): number[] => (Array.isArray(value) ? value : [value]).map(Number).filter((id) => Number.isInteger(id) && id > 0 && id <= MAX_ID);

interface ReferenceChecks {
  /** One SQL boolean per answered reference: the named document exists and the public may see it. */
  conditions: string[];
  fields: string[];
}

/** The form's references as conditions over `params`, to be checked by the statement that stores the answers. */
function referenceChecks(collections: Map<string, Collection>, form: LoadedForm, data: Record<string, unknown>, params: unknown[]): ReferenceChecks {
  const checks: ReferenceChecks = { conditions: [], fields: [] };
  for (const reference of form.compiled.references) {
    const value = data[reference.field];
    if (!present(value)) continue;
    const matches =
      reference.match === 'id' ? `id::text = $${params.push(String(value))}` : `data->>$${params.push(reference.match)} = $${params.push(String(value))}`;
    let sql = `SELECT 1 FROM documents WHERE collection = $${params.push(reference.collection)} AND ${matches}`;
    // e.g. a sub-department must belong to the department answered in the same form
    if (reference.filter) sql += ` AND data->>$${params.push(reference.filter.field)} = $${params.push(String(data[reference.filter.equalsAnswer] ?? ''))}`;
    // A guest may only name what the public may see (e.g. not a closed position or a draft).
    const target = collections.get(reference.collection);
    if (target?.publicWhere) sql += ` AND (${whereToSql(target, visibleTo(PUBLIC_CALLER, target, undefined), params)})`;
    checks.conditions.push(`EXISTS (${sql})`);
    checks.fields.push(reference.field);
  }
  return checks;
}

const referenceErrors = (form: LoadedForm, checks: ReferenceChecks, found: (index: number) => boolean, lang: Lang): FieldError[] =>
  checks.fields.flatMap((field, index) => (found(index) ? [] : [{ label: fieldLabel(form, field, lang), message: t('invalid', lang), path: field }]));

type Stored = { row: DocumentRow } | { row: null; errors: FieldError[] };

interface StoreOptions {
  /** Check the references but store nothing (e.g. an upload is missing). */
  refuse: boolean;
  /** Take the Idempotency-Key in the same statement (when the create writes nothing else). */
  key: IdempotencyClaim | null;
}

/**
 * Stores the answers in one statement that also checks the references, and may take the
 * Idempotency-Key: nothing is written when a reference fails or the key is taken.
 */
async function storeChecked(
  tx: Queryable,
  collections: Map<string, Collection>,
  form: LoadedForm,
  values: unknown[],
  data: Record<string, unknown>,
  lang: Lang,
  options: StoreOptions,
): Promise<Stored> {
  const params = [...values];
  const columns = 'collection, data, form_version, form_hash, evidence, reference, data_key_id, data_key, sealed_person_keys, venue';
  const venue = venueSlugSql(form.compiled.venue, form.compiled.venue && data[form.compiled.venue.field], params);
  const answers = `$1, $2::jsonb, $3, $4, $5::jsonb, $6, $7, $8, $9::text[], ${venue}`;
  const checks = referenceChecks(collections, form, data, params);
  if (checks.conditions.length === 0 && !options.refuse && !options.key) {
    const { rows } = await tx.query<DocumentRow>(`INSERT INTO documents (${columns}) SELECT ${answers} RETURNING *`, params);
    return { row: rows[0] };
  }
  const flags = checks.conditions.map((condition, index) => `${condition} AS reference_found_${index}`);
  const allowed = [...checks.fields.map((_, index) => `reference_found_${index}`), `NOT $${params.push(options.refuse)}::boolean`].join(' AND ');
  // With a key, the document's id is drawn first, so the key's row can name it in the same statement.
  const id = options.key ? `, nextval(pg_get_serial_sequence('documents', 'id'))::int AS new_document_id` : '';
  const claimed = options.key ? `, claimed AS (${options.key.inStatement(params, 'checked.new_document_id', 'checked', allowed)})` : '';
  const stored = options.key
    ? `INSERT INTO documents (id, ${columns}) SELECT checked.new_document_id, ${answers} FROM checked, claimed RETURNING *`
    : `INSERT INTO documents (${columns}) SELECT ${answers} FROM checked WHERE ${allowed} RETURNING *`;
  const { rows } = await tx.query<DocumentRow & Record<string, unknown>>(
    `WITH checked AS (SELECT ${flags.join(', ') || 'true AS nothing'}${id})${claimed}, stored AS (${stored})
     SELECT checked.*, stored.* FROM checked LEFT JOIN stored ON true`,
    params,
  );
  const [answer] = rows;
  const errors = referenceErrors(form, checks, (index) => answer[`reference_found_${index}`] === true, lang);
  if (errors.length || options.refuse) return { row: null, errors };
  // Only a taken key stores nothing when every reference was found.
  if (answer.id === null) throw options.key ? options.key.taken() : new Error('The submission was not stored.');
  for (const index of checks.fields.keys()) delete answer[`reference_found_${index}`];
  delete answer.new_document_id;
  delete answer.nothing;
  return { row: answer };
}

/** Locks the uploads named in the data; reports fields whose files are unknown, expired, already used or not claimed by this client. */
async function claimUploads(tx: Queryable, form: LoadedForm, data: Record<string, unknown>, lang: Lang, maxAgeMinutes: number, claims: string[]) {
  const errors: FieldError[] = [];
  const ids: number[] = [];
  for (const rule of form.compiled.uploads) {
    const value = data[rule.field];
    if (!present(value)) continue;
    const wanted = idsOf(value);
    const requested = new Set(Array.isArray(value) ? value : [value]).size;
    const { rows } = await tx.query<{ id: number }>(
      `SELECT id FROM documents WHERE id = ANY($1::int[]) AND collection = $2 AND attached_to IS NULL
       AND created_at > now() - make_interval(secs => $3::double precision) AND upload_claim_sha256 = ANY($4::text[]) FOR UPDATE`,
      [wanted, rule.collection, maxAgeMinutes * 60, claims],
    );
    if (rows.length !== requested) errors.push({ label: fieldLabel(form, rule.field, lang), message: t('uploadFailed', lang), path: rule.field });
    ids.push(...rows.map((row) => row.id));
  }
  return { errors, ids };
}

/**
 * Runs the create with a fresh reference, in one transaction when it writes more than the document
 * (an idempotency key, a captcha proof, uploads), else as its one statement. Two equal references
 * out of 2^50 are not expected, but the unique index decides, and the whole create is retried if it says so.
 */
async function insertWithReference(db: Db, inTransaction: boolean, create: (tx: Queryable, reference: string) => Promise<DocumentRow>): Promise<DocumentRow> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await (inTransaction ? db.transaction((tx) => create(tx, newReference())) : create(db, newReference()));
    } catch (error) {
      const taken = isDatabaseError(error) && error.code === UNIQUE_VIOLATION && error.constraint === REFERENCE_INDEX;
      if (!taken || attempt === 3) throw error;
    }
  }
}

/**
 * THE way a guest's answers are stored, whoever posts them: the JSON API (POST /api/{formCollection})
 * and a form posted without JavaScript (features/native-post). Every check is in createSubmission.
 */
export function storeSubmission(ctx: ServerContext, collection: Collection, request: SubmissionRequest): Promise<DocumentRow> {
  const { db, registry, uniqueRules, config, submissionHooks, sealed } = ctx;
  return createSubmission(
    {
      db,
      collections: registry.collections,
      uniqueRules,
      uploadOrphanMinutes: config.uploadOrphanMinutes,
      submissionHooks,
      jwtSecret: ctx.jwtSecret,
      sealer: sealed,
    },
    collection,
    request,
  );
}

export async function createSubmission(deps: Dependencies, collection: Collection, request: SubmissionRequest): Promise<DocumentRow> {
  try {
    return await createOnce(deps, collection, request);
  } catch (error) {
    const captcha = collection.form!.compiled.captcha;
    // A refusal (a 400, a 409 for a phone already registered...) still spends the human check.
    if (captcha) await spendProof(deps.db, request.captchaProof, captcha.action);
    throw error;
  }
}

async function createOnce(deps: Dependencies, collection: Collection, request: SubmissionRequest): Promise<DocumentRow> {
  const form = collection.form!;
  const { compiled } = form;
  // A form not open yet, closed or full says so before anything else is asked of the guest.
  await refuseUnavailable(deps.db, compiled, request.lang);
  if (compiled.captcha && !request.captchaProof) throw captchaMissing();
  const body = request.body;
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw badRequest('Send the answers as one JSON object.');
  const data = structuredClone(body) as Record<string, unknown>;
  // Stored, and compared by unique rules, in one writing: '+4407911123456' and '447911123456' are '+447911123456'.
  normalizePhones(compiled.form, data);
  fillTodayDefaults(compiled.form, data, new Date().toISOString().slice(0, 10));
  const invalid = validateSubmission(form, data, request.lang, undefined, request.refusedKeys);
  if (invalid.length) throw validationError(collection.slug, invalid);
  applyDerivedValues(compiled, data);
  const uploadsAnswered = compiled.uploads.some((rule) => present(data[rule.field]));
  // A captcha proof, uploads or other features' hooks write beside the document: one transaction. Else one statement, the key's claim in it.
  const inTransaction = Boolean(compiled.captcha || uploadsAnswered || deps.submissionHooks.length);
  const claimInTransaction = inTransaction ? request.idempotency : null;
  try {
    return await insertWithReference(deps.db, inTransaction, async (tx, reference) => {
      // First: a concurrent retry with the same key waits here, before spending the captcha proof.
      await claimInTransaction?.claim(tx);
      if (compiled.captcha) await consumeProof(tx, request.captchaProof, compiled.captcha.action);
      const uploads = uploadsAnswered
        ? await claimUploads(tx, form, data, request.lang, deps.uploadOrphanMinutes, request.uploadClaims)
        : { errors: [], ids: [] };
      const evidence = evidenceFor({ ...compiled, texts: form.texts }, data, request.lang, request.client ?? { ip: '', userAgent: undefined });
      // A confidential form's answers reach the database sealed (the references were checked on them above, in this statement's parameters).
      const sealed = collection.sealed ? deps.sealer.sealAnswers(data) : null;
      const values = [
        collection.slug,
        JSON.stringify(sealed?.data ?? data),
        compiled.version,
        compiled.hash,
        evidence && JSON.stringify(evidence),
        reference,
        sealed?.keyId ?? null,
        sealed?.wrapped ?? null,
        sealed?.personKeys ?? null,
      ];
      const refuse = uploads.errors.length > 0;
      const stored = await storeChecked(tx, deps.collections, form, values, data, request.lang, {
        refuse,
        key: inTransaction ? null : (request.idempotency ?? null),
      });
      if (!stored.row) throw validationError(collection.slug, [...stored.errors, ...uploads.errors]);
      // The hooks and the create's answer read the answers as stored, opened.
      const row = sealed ? deps.sealer.openRow(stored.row) : stored.row;
      if (uploads.ids.length) await tx.query('UPDATE documents SET attached_to = $1, updated_at = now() WHERE id = ANY($2::int[])', [row.id, uploads.ids]);
      await claimInTransaction?.stored(tx, row.id);
      for (const hook of deps.submissionHooks)
        await hook(tx, { collection, row, lang: request.lang, view: request.view, party: request.party }, deps.jwtSecret);
      return row;
    });
  } catch (error) {
    // Other keys (e.g. an Idempotency-Key claimed by a concurrent retry) are the caller's to handle.
    if (!isDatabaseError(error) || error.code !== UNIQUE_VIOLATION || !isUniqueRuleIndex(error.constraint)) throw error;
    const rule = deps.uniqueRules.get(error.constraint ?? '');
    // An index this instance does not know (another instance's newer definitions): still a 409 naming the answers, with the general wording.
    const fields = rule?.fields ?? fieldsOfViolation(error.detail);
    const message = rule ? formText(rule.formId, rule.message, request.lang) : t('alreadyTaken', request.lang);
    throw validationError(
      collection.slug,
      (fields.length ? fields : ['']).map((field) => ({ label: fieldLabel(form, field, request.lang), message, path: field })),
      409,
    );
  }
}
