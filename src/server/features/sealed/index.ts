// The sealed feature's public face: envelope encryption of confidential forms at rest (sealer.ts),
// the master keys (keyring.ts), the check at start (open-sealer.ts) and the key rotation (rotate.ts).
// The server's Sealer is ctx.sealed (made by app.ts): features seal and open through it.
import type { ServerFeature } from '../../core/feature.ts';
import { sealedConfig } from './config.ts';
import { SEALED_MIGRATIONS } from './migrations.ts';
import { sealedPlugin } from './plugin.ts';
import type { Sealer } from './sealer.ts';

export { Sealer, isSealedRow, personStrings, SEALED_FIELD } from './sealer.ts';
export { openSealer, MasterKeyMismatch } from './open-sealer.ts';
export { rotateConfidentialKey, type RotationSummary } from './rotate.ts';
export { Keyring, keyIdOf, KEY_FILE, PREVIOUS_KEY_FILE } from './keyring.ts';
export { SEAL_OVERHEAD } from './envelope.ts';
export { LOCAL_ROTATE_PATH } from './plugin.ts';

declare module '../../core/context.ts' {
  interface ServerContext {
    /** Seals and opens what confidential forms store (features/sealed). */
    sealed: Sealer;
  }
}

export const sealedFeature: ServerFeature = { name: 'sealed', plugins: [sealedPlugin], config: sealedConfig, migrations: SEALED_MIGRATIONS };
