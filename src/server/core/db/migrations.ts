// Numbered schema migrations, applied in order once each and recorded in schema_migrations.
// Never edit an applied migration: add a new one.
import type { Db, Queryable } from './db.ts';
import { newReference, REFERENCE_INDEX } from '../forms/reference.ts';
import { OUTBOX_MIGRATIONS } from '../outbox/migrations.ts';
import { TIMER_MIGRATIONS } from '../timers/migrations.ts';

export interface Migration {
  id: number;
  name: string;
  statements: string[];
  /** Runs after the statements, in the same transaction, for values SQL cannot make (e.g. crypto-random ones). */
  backfill?: (tx: Queryable) => Promise<void>;
}

/** Gives submissions stored before references existed one each (only submissions carry a form version). */
async function backfillReferences(tx: Queryable): Promise<void> {
  const { rows } = await tx.query<{ id: number }>('SELECT id FROM documents WHERE form_version IS NOT NULL AND reference IS NULL');
  for (const { id } of rows) await tx.query('UPDATE documents SET reference = $1 WHERE id = $2', [newReference(), id]);
}

/** The tables of core (documents, users, ...); each feature adds its own (core/feature.ts). */
export const CORE_MIGRATIONS: Migration[] = [
  {
    id: 1,
    name: 'documents, globals, users, captcha proofs',
    statements: [
      `CREATE TABLE documents (
        id serial PRIMARY KEY,
        collection text NOT NULL,
        data jsonb NOT NULL,
        form_version integer,
        form_hash text,
        -- uploads only: the submission the file belongs to, NULL until attached
        attached_to integer REFERENCES documents(id),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`,
      `CREATE INDEX documents_collection_created ON documents (collection, created_at DESC, id DESC)`,
      `CREATE INDEX documents_orphan_uploads ON documents (created_at) WHERE attached_to IS NULL`,
      `CREATE TABLE globals (
        slug text PRIMARY KEY,
        data jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`,
      `CREATE TABLE users (
        id serial PRIMARY KEY,
        email text NOT NULL UNIQUE,
        password_hash text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`,
      `CREATE TABLE captcha_proofs (
        hash text PRIMARY KEY,
        action text,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`,
    ],
  },
  {
    id: 2,
    name: 'liability evidence on submissions',
    statements: [`ALTER TABLE documents ADD COLUMN evidence jsonb`],
  },
  {
    id: 3,
    name: 'opaque reference on submissions',
    statements: [`ALTER TABLE documents ADD COLUMN reference text`, `CREATE UNIQUE INDEX ${REFERENCE_INDEX} ON documents (reference)`],
    backfill: backfillReferences,
  },
  {
    id: 4,
    name: 'rate-limit counters shared by every instance',
    statements: [
      `CREATE TABLE rate_limits (key text PRIMARY KEY, count integer NOT NULL, reset_at timestamptz NOT NULL)`,
      `CREATE INDEX rate_limits_reset_at ON rate_limits (reset_at)`,
    ],
  },
  {
    id: 5,
    name: 'staff tokens revoked at logout',
    statements: [`CREATE TABLE revoked_tokens (token_sha256 text PRIMARY KEY, expires_at timestamptz NOT NULL)`],
  },
  {
    id: 6,
    name: 'solved ALTCHA challenges, each accepted once',
    statements: [`CREATE TABLE altcha_spent_challenges (nonce text PRIMARY KEY, expires_at timestamptz NOT NULL)`],
  },
  {
    id: 7,
    name: 'roles, display names and single sign-on subjects of users; the audit log',
    statements: [
      // Accounts made before roles existed could do everything: they stay admins.
      `ALTER TABLE users ADD COLUMN role text NOT NULL DEFAULT 'admin' CHECK (role IN ('admin', 'editor', 'viewer', 'employee'))`,
      `ALTER TABLE users ADD COLUMN name text`,
      // OpenID Connect: the issuer and subject of an account signed in by company single sign-on; no password then.
      `ALTER TABLE users ADD COLUMN sso_issuer text`,
      `ALTER TABLE users ADD COLUMN sso_subject text`,
      `ALTER TABLE users ALTER COLUMN password_hash DROP NOT NULL`,
      `CREATE UNIQUE INDEX users_sso ON users (sso_issuer, sso_subject) WHERE sso_subject IS NOT NULL`,
      `CREATE TABLE audit_log (
        id serial PRIMARY KEY,
        at timestamptz NOT NULL DEFAULT now(),
        user_id integer REFERENCES users(id) ON DELETE SET NULL,
        user_email text,
        action text NOT NULL,
        target text NOT NULL,
        document_id text,
        detail jsonb
      )`,
      `CREATE INDEX audit_log_at ON audit_log (at DESC, id DESC)`,
    ],
  },
  {
    id: 8,
    // Databases seeded before operators had names per language (content/seed/operators.json): the
    // whistle-blower form shows an operator's label in the page language and still stores its name.
    name: 'operator names per language',
    statements: [
      `UPDATE documents SET data = data || jsonb_build_object('label', '{"en": "Destination Management", "ar": "إدارة الوجهة", "fr": "Gestion de la destination"}'::jsonb), updated_at = now() WHERE collection = 'operators' AND data->>'slug' = 'destination-management' AND NOT data ? 'label'`,
      `UPDATE documents SET data = data || jsonb_build_object('label', '{"en": "Adventure Park", "ar": "منتزه المغامرات", "fr": "Parc d''aventure"}'::jsonb), updated_at = now() WHERE collection = 'operators' AND data->>'slug' = 'adventure-park' AND NOT data ? 'label'`,
      `UPDATE documents SET data = data || jsonb_build_object('label', '{"en": "Department Store", "ar": "المتجر متعدد الأقسام", "fr": "Grand magasin"}'::jsonb), updated_at = now() WHERE collection = 'operators' AND data->>'slug' = 'department-store' AND NOT data ? 'label'`,
      `UPDATE documents SET data = data || jsonb_build_object('label', '{"en": "Food and Beverage Partners", "ar": "شركاء الأغذية والمشروبات", "fr": "Partenaires de restauration"}'::jsonb), updated_at = now() WHERE collection = 'operators' AND data->>'slug' = 'food-and-beverage-partners' AND NOT data ? 'label'`,
    ],
  },
  {
    id: 10,
    name: 'perk confirmation codes kept server-side, and one redemption per employee, perk and week',
    statements: [
      // Outside the perks documents on purpose: no content answer can ever carry a code.
      `CREATE TABLE perk_codes (perk text PRIMARY KEY, code text NOT NULL, updated_at timestamptz NOT NULL DEFAULT now())`,
      `CREATE TABLE perk_redemptions (
        id serial PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users(id),
        perk text NOT NULL,
        -- the Doha-time ISO week, e.g. '2026-W48'
        week_key text NOT NULL,
        redeemed_at timestamptz NOT NULL DEFAULT now()
      )`,
      `CREATE UNIQUE INDEX perk_redemptions_once_a_week ON perk_redemptions (user_id, perk, week_key)`,
      `CREATE INDEX perk_redemptions_at ON perk_redemptions (redeemed_at DESC, id DESC)`,
    ],
  },
  {
    id: 11,
    name: 'users an admin disabled (a leaver keeps the history, loses access)',
    statements: [`ALTER TABLE users ADD COLUMN disabled_at timestamptz`],
  },
  {
    id: 30,
    name: 'staff chat conversations and their messages',
    statements: [
      `CREATE TABLE chat_conversations (
        id serial PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        title text NOT NULL,
        -- the Responses API keeps the history: the next question continues from this answer
        last_response_id text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`,
      `CREATE INDEX chat_conversations_user ON chat_conversations (user_id, updated_at DESC, id DESC)`,
      `CREATE TABLE chat_messages (
        id serial PRIMARY KEY,
        conversation_id integer NOT NULL REFERENCES chat_conversations(id) ON DELETE CASCADE,
        role text NOT NULL CHECK (role IN ('user', 'assistant')),
        text text NOT NULL,
        response_id text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`,
      `CREATE INDEX chat_messages_conversation ON chat_messages (conversation_id, id)`,
    ],
  },
  {
    id: 31,
    name: 'idempotency keys of submissions: a retried submit answers the first result',
    statements: [
      `CREATE TABLE idempotency_keys (
        scope text NOT NULL,
        key text NOT NULL,
        request_sha256 text NOT NULL,
        -- NULL while the first request is still being handled
        status integer,
        body jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (scope, key)
      )`,
      `CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at)`,
    ],
  },
  {
    id: 32,
    name: 'uploads waiting for a submission, per client (hashed address), counted by every instance',
    statements: [
      `CREATE TABLE upload_reservations (
        id serial PRIMARY KEY,
        client_sha256 text NOT NULL,
        -- NULL while the upload is being received
        document_id integer REFERENCES documents(id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now()
      )`,
      `CREATE INDEX upload_reservations_client ON upload_reservations (client_sha256, created_at)`,
    ],
  },
  {
    id: 50,
    name: 'an upload is attached only with the claim its answer gave; a deleted submission lets go of its files',
    statements: [
      // SHA-256 of the upload's claim (uploads/upload-claims.ts): the claim itself is never stored.
      `ALTER TABLE documents ADD COLUMN upload_claim_sha256 text`,
      // Files of a deleted submission become unattached, so the orphan sweep removes them and their stored bytes.
      `ALTER TABLE documents DROP CONSTRAINT documents_attached_to_fkey`,
      `ALTER TABLE documents ADD CONSTRAINT documents_attached_to_fkey FOREIGN KEY (attached_to) REFERENCES documents(id) ON DELETE SET NULL`,
    ],
  },
  {
    id: 40,
    name: 'several roles per user, and the venues a venue-scoped role (manager) is limited to',
    statements: [
      // Every account keeps exactly the role it had: admin -> {admin}, viewer -> {viewer}, ...
      `ALTER TABLE users ADD COLUMN roles text[] NOT NULL DEFAULT '{}'`,
      `ALTER TABLE users ADD COLUMN venues text[] NOT NULL DEFAULT '{}'`,
      `UPDATE users SET roles = ARRAY[role] WHERE role IS NOT NULL`,
      // The old column stays as the history of the data (nothing reads it); an account without a role in roles has no rights.
      `ALTER TABLE users DROP CONSTRAINT IF EXISTS users_role_check`,
      `ALTER TABLE users ALTER COLUMN role DROP NOT NULL`,
      `ALTER TABLE users ALTER COLUMN role DROP DEFAULT`,
      `CREATE INDEX users_roles ON users USING gin (roles)`,
    ],
  },
  {
    id: 41,
    name: 'the venue (its slug) a submission is about, so a manager reads its venues only',
    statements: [
      // Filled when a submission is stored (features/collections/create-submission.ts) and, for stored
      // ones, at start (core/access/venues.ts): it depends on the compiled forms, which SQL here cannot read.
      `ALTER TABLE documents ADD COLUMN venue text`,
      `CREATE INDEX documents_collection_venue_created ON documents (collection, venue, created_at DESC, id DESC)`,
    ],
  },
  {
    id: 45,
    name: 'conflict of interest: an account excluded from one submission reads nothing of it (core/access/submission-access.ts)',
    statements: [
      // Core's, not a feature's: THE read check (submission-access.ts) and the caller (caller.ts) read it.
      `CREATE TABLE submission_exclusions (
        document_id integer NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
        user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        created_by integer REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, document_id)
      )`,
      `CREATE INDEX submission_exclusions_document ON submission_exclusions (document_id)`,
    ],
  },
  ...OUTBOX_MIGRATIONS,
  ...TIMER_MIGRATIONS,
];

/** Any constant: serialises concurrent starts of several instances on one PostgreSQL. */
const MIGRATION_LOCK = 7_262_001;

/** Applies, in id order, every migration of `migrations` not yet recorded (core's and every feature's: features/index.ts). */
export async function migrate(db: Db, migrations: readonly Migration[]): Promise<void> {
  const ordered = [...migrations].sort((a, b) => a.id - b.id);
  await db.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`);
    await tx.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      id integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
    const { rows } = await tx.query<{ id: number }>('SELECT id FROM schema_migrations');
    const applied = new Set(rows.map((row) => row.id));
    for (const migration of ordered) {
      if (applied.has(migration.id)) continue;
      for (const statement of migration.statements) await tx.query(statement);
      await migration.backfill?.(tx);
      await tx.query('INSERT INTO schema_migrations (id, name) VALUES ($1, $2)', [migration.id, migration.name]);
    }
  });
}
