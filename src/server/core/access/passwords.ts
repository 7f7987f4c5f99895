// scrypt from node:crypto; the stored string carries its parameters so they can be raised later.
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const PARAMS = { N: 16384, r: 8, p: 1 };
const KEY_LENGTH = 64;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...options, maxmem: 64 * 1024 * 1024 }, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, N, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), { N: Number(N), r: Number(r), p: Number(p) });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

let decoy: Promise<string> | undefined;
/** A valid hash of nothing anyone knows: checked when the email is unknown, so timing does not reveal which emails exist. */
export const decoyHash = () => (decoy ??= hashPassword(randomBytes(16).toString('hex')));

/** ASVS 2.1.1: at least 12 characters. The upper bound keeps one sign-up from costing the server a megabyte of hashing. */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 1000;

export type PasswordProblem =
  | { key: 'passwordTooShort'; vars: { min: number } }
  | { key: 'passwordTooLong'; vars: { max: number } }
  | { key: 'passwordTooCommon'; vars: Record<string, never> };

let commonPasswords: Promise<Set<string>> | undefined;
/** The 49,000 most common passwords of @zxcvbn-ts/language-common (MIT), read once when a password is first set. */
const common = () =>
  (commonPasswords ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common'].map((entry) => entry.toLowerCase())),
  ));

/** Why a new password is refused (its message key in forms/messages.json), or null when it may be used. */
export async function passwordProblem(password: string): Promise<PasswordProblem | null> {
  const length = [...password.normalize('NFKC')].length;
  if (length < PASSWORD_MIN_LENGTH) return { key: 'passwordTooShort', vars: { min: PASSWORD_MIN_LENGTH } };
  if (length > PASSWORD_MAX_LENGTH) return { key: 'passwordTooLong', vars: { max: PASSWORD_MAX_LENGTH } };
  if ((await common()).has(password.normalize('NFKC').toLowerCase())) return { key: 'passwordTooCommon', vars: {} };
  return null;
}
