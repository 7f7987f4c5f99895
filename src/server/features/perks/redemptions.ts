// Perk redemptions: one per employee, perk partner and Doha-time ISO week, enforced by the
// database's unique index (migration 10), so two taps at once still make one redemption.
import type { Queryable } from '../../core/db/db.ts';
import { UNIQUE_VIOLATION, isDatabaseError } from '../../core/db/db.ts';
import { dohaWeekKey } from './week-key.ts';

export interface Redemption {
  id: number;
  perk: string;
  weekKey: string;
  redeemedAt: string;
  user?: { id: number; email: string | null };
}

interface RedemptionRow {
  id: number;
  user_id: number;
  email?: string | null;
  perk: string;
  week_key: string;
  redeemed_at: Date;
  [key: string]: unknown;
}

const toRedemption = (row: RedemptionRow, withUser: boolean): Redemption => ({
  id: row.id,
  perk: row.perk,
  weekKey: row.week_key,
  redeemedAt: row.redeemed_at.toISOString(),
  ...(withUser ? { user: { id: row.user_id, email: row.email ?? null } } : {}),
});

/** The published perk with this slug exists (drafts cannot be redeemed). */
export async function perkOffered(db: Queryable, slug: string): Promise<boolean> {
  const { rows } = await db.query("SELECT 1 FROM documents WHERE collection = 'perks' AND data->>'slug' = $1 AND data->>'status' = 'published' LIMIT 1", [
    slug,
  ]);
  return rows.length > 0;
}

export async function redeemedThisWeek(db: Queryable, userId: number, perk: string, now: Date): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM perk_redemptions WHERE user_id = $1 AND perk = $2 AND week_key = $3', [userId, perk, dohaWeekKey(now)]);
  return rows.length > 0;
}

/** The new redemption, or null when this week's was already made. */
export async function recordRedemption(db: Queryable, userId: number, perk: string, now: Date): Promise<Redemption | null> {
  try {
    const { rows } = await db.query<RedemptionRow>('INSERT INTO perk_redemptions (user_id, perk, week_key, redeemed_at) VALUES ($1, $2, $3, $4) RETURNING *', [
      userId,
      perk,
      dohaWeekKey(now),
      now,
    ]);
    return toRedemption(rows[0], false);
  } catch (error) {
    if (isDatabaseError(error) && error.code === UNIQUE_VIOLATION) return null;
    throw error;
  }
}

/** One employee's redemptions of the week `now` falls in. */
export async function myRedemptions(db: Queryable, userId: number, now: Date): Promise<Redemption[]> {
  const { rows } = await db.query<RedemptionRow>('SELECT * FROM perk_redemptions WHERE user_id = $1 AND week_key = $2 ORDER BY redeemed_at', [
    userId,
    dohaWeekKey(now),
  ]);
  return rows.map((row) => toRedemption(row, false));
}

/** Every redemption, newest first, optionally of one week (for staff who read submissions). */
export async function listRedemptions(db: Queryable, page: number, limit: number, week: string | null): Promise<{ docs: Redemption[]; totalDocs: number }> {
  const filter = week ? 'WHERE r.week_key = $1' : 'WHERE $1::text IS NULL';
  const { rows: count } = await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM perk_redemptions r ${filter}`, [week]);
  const { rows } = await db.query<RedemptionRow>(
    `SELECT r.*, u.email FROM perk_redemptions r JOIN users u ON u.id = r.user_id ${filter} ORDER BY r.redeemed_at DESC, r.id DESC LIMIT $2 OFFSET $3`,
    [week, limit, (page - 1) * limit],
  );
  return { docs: rows.map((row) => toRedemption(row, true)), totalDocs: count[0].total };
}
