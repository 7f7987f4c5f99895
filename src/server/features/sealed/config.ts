// The sealed feature's settings: the master key that wraps every confidential report's data key,
// and during a rotation the key it replaces. Read as bytes here, so a wrong length stops the start
// naming the variable (never printing the key). Its rows join the one configuration table (core/config.ts).
import type { ConfigSection, ConfigValues, ConfigVariable, VariableName } from '../../core/config.ts';

const SEALED_VARIABLES = [
  {
    name: 'CONFIDENTIAL_KEY',
    kind: 'text',
    default: null,
    description:
      "Master key (base64 of 32 bytes, e.g. 'openssl rand -base64 32') that wraps the data key of every confidential form's submission (whistle-blower reports: answers and files sealed with AES-256-GCM); unset = generated once into DATA_DIR/confidential-key. Set it when running several instances, and keep it apart from the backups.",
  },
  {
    name: 'CONFIDENTIAL_KEY_PREVIOUS',
    kind: 'text',
    default: null,
    description:
      'During a key rotation: the other master key (base64 of 32 bytes) that still opens the data keys it wrapped, never wrapping new ones; remove it once npm run rotate-confidential-key says every data key is under CONFIDENTIAL_KEY.',
  },
] as const satisfies readonly ConfigVariable[];

export interface SealedConfig {
  /** null: the key generated into DATA_DIR/confidential-key (keyring.ts). */
  key: Buffer | null;
  previous: Buffer | null;
}

declare module '../../core/config.ts' {
  interface FeatureSettings {
    sealed: SealedConfig;
  }
}

export const MASTER_KEY_BYTES = 32;

/** A master key from its base64 text (standard or URL alphabet); anything but 32 bytes stops the start, naming the variable and never its value. */
export function masterKeyOf(name: string, text: string | null): Buffer | null {
  if (text === null) return null;
  const trimmed = text.trim();
  // Node reads both base64 alphabets (+/ and -_); anything else is not a key.
  const bytes = /^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed) ? Buffer.from(trimmed, 'base64') : null;
  if (!bytes || bytes.length !== MASTER_KEY_BYTES)
    throw new Error(
      `${name} must be ${MASTER_KEY_BYTES} bytes written in base64 (e.g. the output of: openssl rand -base64 32), got ${bytes ? `${bytes.length} bytes` : 'something else'}.`,
    );
  return bytes;
}

function readSealedConfig(values: ConfigValues<VariableName<typeof SEALED_VARIABLES>>): SealedConfig {
  const key = masterKeyOf('CONFIDENTIAL_KEY', values.text('CONFIDENTIAL_KEY'));
  const previous = masterKeyOf('CONFIDENTIAL_KEY_PREVIOUS', values.text('CONFIDENTIAL_KEY_PREVIOUS'));
  if (previous && !key) throw new Error('CONFIDENTIAL_KEY_PREVIOUS is set without CONFIDENTIAL_KEY: set the new key as CONFIDENTIAL_KEY beside it.');
  if (previous && key?.equals(previous))
    throw new Error('CONFIDENTIAL_KEY_PREVIOUS is the same key as CONFIDENTIAL_KEY: give the new key as CONFIDENTIAL_KEY.');
  return { key, previous };
}

export const sealedConfig: ConfigSection<'sealed'> = { key: 'sealed', variables: SEALED_VARIABLES, read: readSealedConfig };
