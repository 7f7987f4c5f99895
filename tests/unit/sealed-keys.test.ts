// The envelope of confidential reports (src/server/features/sealed): what one key sealed as one
// kind opens only with that key as that kind; a data key wrapped by a master key unwraps only by
// it; CONFIDENTIAL_KEY is 32 bytes of base64 or the start stops, naming it and never its value.
import { describe, expect, it } from 'vitest';
import { open, seal } from '../../src/server/features/sealed/envelope.ts';
import { Keyring, MasterKeyMissing } from '../../src/server/features/sealed/keyring.ts';
import { Sealer, personStrings } from '../../src/server/features/sealed/sealer.ts';
import { loadConfig } from '../../src/server/features/index.ts';

const key = Buffer.alloc(32, 3);
const other = Buffer.alloc(32, 4);

describe('the envelope', () => {
  it('opens what it sealed, with a fresh nonce each time, and nothing else', () => {
    const plain = Buffer.from('Cash was taken from the till.');
    const first = seal(key, plain, 'answers');
    const second = seal(key, plain, 'answers');
    expect(first.equals(second)).toBe(false);
    expect(first.includes(plain)).toBe(false);
    expect(open(key, first, 'answers').equals(plain)).toBe(true);
    expect(() => open(other, first, 'answers')).toThrow();
    expect(() => open(key, first, 'file')).toThrow();
    const tampered = Buffer.from(first);
    tampered[tampered.length - 1] ^= 1;
    expect(() => open(key, tampered, 'answers')).toThrow();
    expect(() => open(key, Buffer.alloc(10), 'answers')).toThrow('Not sealed data.');
  });

  it('unwraps a data key by the master key that wrapped it (current or previous), and says which id it lacks', () => {
    const dataKey = Buffer.alloc(32, 9);
    const old = new Keyring(other);
    const wrapped = old.wrap(dataKey);
    expect(wrapped.keyId).toMatch(/^[0-9a-f]{16}$/);
    expect(new Keyring(key, [other]).unwrap(wrapped.keyId, wrapped.wrapped).equals(dataKey)).toBe(true);
    expect(() => new Keyring(key).unwrap(wrapped.keyId, wrapped.wrapped)).toThrow(MasterKeyMissing);
    expect(() => new Keyring(key).unwrap(new Keyring(key).current.id, wrapped.wrapped)).toThrow();
    expect(new Keyring(key, [other]).wrap(dataKey).keyId).toBe(new Keyring(key).current.id);
  });

  it('keeps keyed hashes of the emails and phones of a report, the same under the same key, findable under either key during a rotation', () => {
    expect(personStrings({ a: 'Noor@Example.com', b: ['+97455512345', 'not one'], c: { d: 'x@y.qa' }, e: 42 }).sort()).toEqual([
      '+97455512345',
      'noor@example.com',
      'x@y.qa',
    ]);
    const sealer = new Sealer(new Keyring(other));
    const sealed = sealer.sealAnswers({ contact_email: 'noor@example.com', incident: 'text' });
    expect(JSON.stringify(sealed)).not.toContain('noor');
    expect(new Sealer(new Keyring(key, [other])).personLookup(['noor@example.com'])).toContain(sealed.personKeys[0]);
    expect(new Sealer(new Keyring(key)).personLookup(['noor@example.com'])).not.toContain(sealed.personKeys[0]);
    const row = { data: sealed.data, data_key_id: sealed.keyId, data_key: sealed.wrapped };
    expect(new Sealer(new Keyring(key, [other])).openRow(row).data).toEqual({ contact_email: 'noor@example.com', incident: 'text' });
  });
});

describe('CONFIDENTIAL_KEY', () => {
  it('is 32 bytes of base64 (either alphabet), or the start stops naming it and never its value', () => {
    expect(loadConfig({ CONFIDENTIAL_KEY: key.toString('base64') }).sealed.key?.equals(key)).toBe(true);
    expect(loadConfig({ CONFIDENTIAL_KEY: Buffer.alloc(32, 251).toString('base64url') }).sealed.key?.equals(Buffer.alloc(32, 251))).toBe(true);
    expect(() => loadConfig({ CONFIDENTIAL_KEY: 'c2VjcmV0LWtleQ==' })).toThrow(
      'CONFIDENTIAL_KEY must be 32 bytes written in base64 (e.g. the output of: openssl rand -base64 32), got 10 bytes.',
    );
    expect(() => loadConfig({ CONFIDENTIAL_KEY: 'not a key!' })).toThrow(/CONFIDENTIAL_KEY must be 32 bytes .*got something else\.$/);
    expect(() => loadConfig({ CONFIDENTIAL_KEY: 'not a key!' })).not.toThrow(/not a key/);
    expect(() => loadConfig({ CONFIDENTIAL_KEY_PREVIOUS: key.toString('base64') })).toThrow('CONFIDENTIAL_KEY_PREVIOUS is set without CONFIDENTIAL_KEY');
    expect(() => loadConfig({ CONFIDENTIAL_KEY: key.toString('base64'), CONFIDENTIAL_KEY_PREVIOUS: key.toString('base64') })).toThrow('the same key');
    expect(loadConfig({}).sealed).toEqual({ key: null, previous: null });
  });
});
