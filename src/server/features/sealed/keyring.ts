// The master keys: CONFIDENTIAL_KEY (or the one generated once into DATA_DIR/confidential-key, like
// the JWT secret) wraps every new data key; during a rotation the previous key still unwraps those
// it wrapped. A key is known by its id (a hash of it, never the key), stored beside each wrapped key.
import { createHash, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ApiError } from '../../core/errors.ts';
import { open, seal } from './envelope.ts';
import { MASTER_KEY_BYTES, masterKeyOf, type SealedConfig } from './config.ts';

export const KEY_FILE = 'confidential-key';
/** The generated key a rotation replaces, kept until every data key is rewrapped (rotate.ts). */
export const PREVIOUS_KEY_FILE = 'confidential-key.previous';

export interface MasterKey {
  id: string;
  key: Buffer;
  /** The key of the privacy lookup's hashes, derived from this one (HKDF): the hashes say nothing of the key that wraps. */
  lookup: Buffer;
}

export const keyIdOf = (key: Buffer) => createHash('sha256').update('venue-forms confidential key id\0').update(key).digest('hex').slice(0, 16);

const masterKey = (key: Buffer): MasterKey => ({
  id: keyIdOf(key),
  key,
  lookup: Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), 'venue-forms person lookup', 32)),
});

/** A wrapped data key as stored: the master key's id beside the base64 of nonce | tag | sealed key. */
export interface WrappedKey {
  keyId: string;
  wrapped: string;
}

/**
 * A stored key id that no configured master key has: the start refuses (open-sealer.ts); a read
 * meanwhile (e.g. a report sealed by an instance given a new key before this one) answers 503, the
 * server's configuration and not the caller being at fault.
 */
export class MasterKeyMissing extends ApiError {
  constructor(readonly keyId: string) {
    const message = `This confidential report is sealed under the master key ${keyId}, which this server does not have (CONFIDENTIAL_KEY, CONFIDENTIAL_KEY_PREVIOUS).`;
    super(503, { errors: [{ message }] });
  }
}

export class Keyring {
  readonly current: MasterKey;
  /** Keys that still unwrap, never wrap (the previous one during a rotation). */
  readonly others: readonly MasterKey[];

  constructor(current: Buffer, others: readonly Buffer[] = []) {
    this.current = masterKey(current);
    this.others = others.map(masterKey).filter((other) => other.id !== this.current.id);
  }

  has(keyId: string): boolean {
    return keyId === this.current.id || this.others.some((other) => other.id === keyId);
  }

  wrap(dataKey: Buffer): WrappedKey {
    const { id, key } = this.current;
    return { keyId: id, wrapped: seal(key, dataKey, `data-key:${id}`).toString('base64') };
  }

  unwrap(keyId: string, wrapped: string): Buffer {
    const master = [this.current, ...this.others].find((candidate) => candidate.id === keyId);
    if (!master) throw new MasterKeyMissing(keyId);
    return open(master.key, Buffer.from(wrapped, 'base64'), `data-key:${keyId}`);
  }

  /**
   * Keyed hashes of a reporter's email or phone (person.ts's stored strings), for the privacy tools'
   * lookup: one per master key, since a report sealed before a rotation finished was hashed under the old one.
   */
  lookupHashes(values: readonly string[]): string[] {
    return [this.current, ...this.others].flatMap((master) => values.map((value) => lookupHash(master, value)));
  }

  /** What a new report stores: hashes under the current key only. */
  currentLookupHashes(values: readonly string[]): string[] {
    return values.map((value) => lookupHash(this.current, value));
  }
}

const lookupHash = (master: MasterKey, value: string) => createHmac('sha256', master.lookup).update(value).digest('hex');

function readKeyFile(dataDir: string, name: string): Buffer | null {
  const file = path.join(dataDir, name);
  if (!fs.existsSync(file)) return null;
  return masterKeyOf(`${file} (the generated CONFIDENTIAL_KEY)`, fs.readFileSync(file, 'utf8'));
}

/** Writes a key file through a temporary name (readable by its owner only), so a crash never leaves half a key. */
export function writeKeyFile(dataDir: string, name: string, key: Buffer): void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, name);
  const partial = `${file}.part`;
  fs.writeFileSync(partial, key.toString('base64'), { mode: 0o600, flush: true });
  fs.renameSync(partial, file);
}

export function removeKeyFile(dataDir: string, name: string): void {
  fs.rmSync(path.join(dataDir, name), { force: true });
}

/** The configured keys, or the generated ones in DATA_DIR; null when neither is there (open-sealer.ts decides whether to make one). */
export function configuredKeys(config: SealedConfig, dataDir: string): { current: Buffer; previous: Buffer | null; generated: boolean } | null {
  if (config.key) return { current: config.key, previous: config.previous, generated: false };
  const current = readKeyFile(dataDir, KEY_FILE);
  return current ? { current, previous: readKeyFile(dataDir, PREVIOUS_KEY_FILE), generated: true } : null;
}

export const newMasterKey = () => randomBytes(MASTER_KEY_BYTES);
