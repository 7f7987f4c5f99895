// Which definition a stored waiver was signed against, found by the hash its row keeps: the
// version the waivers feature kept when it was signed (so a copy drawn after forms/ changed shows
// the terms the guest saw), else the running definition when it is still that one.
import type { FormWithTexts } from '../../../engine/waivers/waiver-terms.ts';
import type { Queryable } from '../../core/db/db.ts';
import type { Collection } from '../../core/registry.ts';
import { formVersionSeen } from '../waivers/index.ts';

export async function definitionSeen(db: Queryable, collection: Collection, hash: string | null): Promise<FormWithTexts | null> {
  if (!hash) return null;
  const kept = await formVersionSeen(db, hash);
  if (kept) return kept;
  const form = collection.form;
  return form && form.compiled.hash === hash ? { ...form.compiled, texts: form.texts } : null;
}
