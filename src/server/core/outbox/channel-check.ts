// The database refuses a row of a channel the server does not have: outbox.channel's CHECK lists the
// table of channels (features/index.ts CHANNELS; core names none), made at the first start and
// brought up to date at a start after a channel was added or removed. NOT VALID: rows of a removed
// channel stay (and wait), new ones are refused.
import type { Db } from '../db/db.ts';

const CONSTRAINT = 'outbox_channel_check';
/** Any constant: two instances starting together change the CHECK once. */
const CHECK_LOCK = 7_262_060;

const quoted = (name: string) => `'${name.replace(/'/g, "''")}'`;

async function listedChannels(db: Pick<Db, 'query'>): Promise<string[]> {
  const { rows } = await db.query<{ definition: string }>(
    `SELECT pg_get_constraintdef(oid) AS definition FROM pg_constraint WHERE conname = $1 AND conrelid = 'outbox'::regclass`,
    [CONSTRAINT],
  );
  return rows[0] ? [...rows[0].definition.matchAll(/'((?:[^']|'')*)'/g)].map((match) => match[1].replace(/''/g, "'")) : [];
}

const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((name) => b.includes(name));

export async function ensureChannelCheck(db: Db, channels: readonly string[]): Promise<void> {
  if (same(await listedChannels(db), channels)) return;
  await db.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(${CHECK_LOCK})`);
    if (same(await listedChannels(tx), channels)) return;
    await tx.query(`ALTER TABLE outbox DROP CONSTRAINT IF EXISTS ${CONSTRAINT}`);
    const allowed = channels.length ? `channel IN (${channels.map(quoted).join(', ')})` : 'false';
    await tx.query(`ALTER TABLE outbox ADD CONSTRAINT ${CONSTRAINT} CHECK (${allowed}) NOT VALID`);
  });
}
