// npm run rotate-confidential-key: every data key rewrapped under the current master key, in
// batches, while the server serves (a read opens a row under either key; each row is changed by one
// statement that checks it still names the old key, so two rotations never undo each other). The
// keyed hashes of a report's emails and phones follow the new key. With the generated key, the
// rotation makes the new key itself: the old one is kept as DATA_DIR/confidential-key.previous
// until every data key is rewrapped, then removed.
import type { Queryable } from '../../core/db/db.ts';
import type { SealedConfig } from './config.ts';
import { configuredKeys, Keyring, newMasterKey, PREVIOUS_KEY_FILE, KEY_FILE, removeKeyFile, writeKeyFile } from './keyring.ts';
import { isSealedRow, type Sealer } from './sealer.ts';

const BATCH = 200;

/** What a rotation did (the script prints it; the running server answers it over loopback). */
export interface RotationSummary {
  /** The master key every data key is now under. */
  keyId: string;
  /** The keys it replaced (none when nothing was under another key). */
  fromKeyIds: string[];
  rewrapped: number;
  /** Still under another key (written meanwhile by an instance without the new key): run it again. */
  remaining: number;
  generated: boolean;
}

type Row = { id: number; data: Record<string, unknown>; data_key_id: string; data_key: string; sealed_person_keys: string[] | null };

/** Rewraps every data key not under the current master key; the number rewrapped. */
export async function rewrapDataKeys(db: Queryable, sealer: Sealer): Promise<number> {
  let rewrapped = 0;
  let after = 0;
  for (;;) {
    const ring = sealer.keyring;
    const { rows } = await db.query<Row>(
      `SELECT id, data, data_key_id, data_key, sealed_person_keys FROM documents
       WHERE data_key_id IS NOT NULL AND data_key_id <> $1 AND id > $2 ORDER BY id LIMIT ${BATCH}`,
      [ring.current.id, after],
    );
    if (rows.length === 0) return rewrapped;
    for (const row of rows) {
      const { keyId, wrapped } = ring.wrap(ring.unwrap(row.data_key_id, row.data_key));
      // A file's row has no answers (and no hashes); a report's hashes are made again under the new key.
      const personKeys = row.sealed_person_keys === null || !isSealedRow(row) ? null : sealer.personKeysOf(sealer.openRow(row).data);
      const { rowCount } = await db.query(
        'UPDATE documents SET data_key_id = $2, data_key = $3, sealed_person_keys = $4::text[] WHERE id = $1 AND data_key_id = $5',
        [row.id, keyId, wrapped, personKeys, row.data_key_id],
      );
      rewrapped += rowCount ?? 0;
    }
    after = rows[rows.length - 1].id;
  }
}

async function remaining(db: Queryable, sealer: Sealer): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM documents WHERE data_key_id IS NOT NULL AND data_key_id <> $1', [
    sealer.keyring.current.id,
  ]);
  return rows[0].n;
}

/**
 * The rotation. Configured keys (CONFIDENTIAL_KEY, with the old one as CONFIDENTIAL_KEY_PREVIOUS):
 * rewraps what the old key wrapped. The generated key: a new key first (unless a rotation that
 * stopped half-way left the previous one), then the rewrap, then the previous file removed.
 */
export async function rotateConfidentialKey(db: Queryable, sealer: Sealer, config: SealedConfig, dataDir: string): Promise<RotationSummary> {
  const keys = configuredKeys(config, dataDir);
  if (keys?.generated) {
    if (!keys.previous) {
      // The old key is on disk as the previous one before the new one replaces it: a crash in between loses neither.
      writeKeyFile(dataDir, PREVIOUS_KEY_FILE, keys.current);
      writeKeyFile(dataDir, KEY_FILE, newMasterKey());
    }
    const now = configuredKeys(config, dataDir)!;
    sealer.useKeyring(new Keyring(now.current, [now.previous!]));
  }
  const fromKeyIds = sealer.keyring.others.map((other) => other.id);
  const rewrapped = await rewrapDataKeys(db, sealer);
  const left = await remaining(db, sealer);
  if (keys?.generated && left === 0) {
    removeKeyFile(dataDir, PREVIOUS_KEY_FILE);
    sealer.useKeyring(new Keyring(sealer.keyring.current.key));
  }
  return { keyId: sealer.keyring.current.id, fromKeyIds, rewrapped, remaining: left, generated: keys?.generated ?? false };
}
