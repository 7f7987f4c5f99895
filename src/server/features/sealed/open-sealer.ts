// The server's sealer, made at start (app.ts), after the database is open: every master key id the
// stored data keys name must be one of the configured keys, and one data key under each must
// unwrap, or the start is refused with a message naming CONFIDENTIAL_KEY, before anything is
// written (no key file is generated over data sealed under another key).
import path from 'node:path';
import type { Queryable } from '../../core/db/db.ts';
import type { SealedConfig } from './config.ts';
import { configuredKeys, KEY_FILE, Keyring, newMasterKey, writeKeyFile } from './keyring.ts';
import { Sealer } from './sealer.ts';

type InUse = { data_key_id: string; data_key: string; documents: number };

/** Stops the start: the configured key does not open what is stored. */
export class MasterKeyMismatch extends Error {}

async function keysInUse(db: Queryable): Promise<InUse[]> {
  const { rows } = await db.query<InUse>(
    `SELECT DISTINCT ON (data_key_id) data_key_id, data_key, count(*) OVER (PARTITION BY data_key_id)::int AS documents
     FROM documents WHERE data_key_id IS NOT NULL ORDER BY data_key_id, id`,
  );
  return rows;
}

const sealedCount = (inUse: InUse[]) => inUse.reduce((sum, key) => sum + key.documents, 0);

export async function openSealer(config: SealedConfig, dataDir: string, db: Queryable): Promise<Sealer> {
  const inUse = await keysInUse(db);
  let keys = configuredKeys(config, dataDir);
  if (!keys) {
    if (inUse.length)
      throw new MasterKeyMismatch(
        `CONFIDENTIAL_KEY is not set and ${path.join(dataDir, KEY_FILE)} is missing, but the database holds ${sealedCount(inUse)} sealed confidential document(s) (reports and their files): set CONFIDENTIAL_KEY to the key they were sealed with (or put its file back). Nothing was changed.`,
      );
    writeKeyFile(dataDir, KEY_FILE, newMasterKey());
    keys = configuredKeys(config, dataDir)!;
  }
  const keyring = new Keyring(keys.current, keys.previous ? [keys.previous] : []);
  const source = keys.generated ? `the generated key in ${path.join(dataDir, KEY_FILE)}` : 'CONFIDENTIAL_KEY';
  for (const stored of inUse) {
    let opens = keyring.has(stored.data_key_id);
    if (opens) {
      try {
        keyring.unwrap(stored.data_key_id, stored.data_key);
      } catch {
        opens = false;
      }
    }
    if (!opens)
      throw new MasterKeyMismatch(
        `CONFIDENTIAL_KEY does not match the stored data: ${stored.documents} sealed confidential document(s) (reports and their files) have their data keys wrapped by the master key with id ${stored.data_key_id}, and ${source} (id ${keyring.current.id})${keyring.others.length ? ' and CONFIDENTIAL_KEY_PREVIOUS' : ''} cannot unwrap them. Set CONFIDENTIAL_KEY to the key they were sealed with (during a rotation: that key as CONFIDENTIAL_KEY_PREVIOUS). Nothing was changed.`,
      );
  }
  return new Sealer(keyring);
}
