// Which definition a stored waiver was signed against, found by the hash its row keeps. Today the
// running definitions only (a copy of a waiver signed on an older version cannot be drawn yet);
// the waivers feature keeps every version by hash (formVersionSeen), which this becomes at merge.
import type { CompiledForm } from '../../../engine/compiled.ts';
import type { Collection } from '../../core/registry.ts';

export function definitionSeen(collection: Collection, hash: string | null): CompiledForm | null {
  const compiled = collection.form?.compiled;
  return compiled && hash && compiled.hash === hash ? compiled : null;
}
