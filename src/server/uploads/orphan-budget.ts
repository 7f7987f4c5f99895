// How many uploads one client address may have waiting for a submission (UPLOAD_ORPHANS_PER_CLIENT):
// without a cap, a script could fill the disk with files no form ever claims before the clean-up
// removes them. Kept in memory, as the client address is stored nowhere (not in the database
// either); with several instances each one counts its own clients.
import type { Queryable } from '../db/db.ts';
import { ApiError } from '../errors.ts';
import { t } from '../../engine/messages.ts';
import type { Lang } from '../../engine/languages.ts';

interface Pending {
  /** 0 while the upload is being received. */
  id: number;
  at: number;
}

export interface OrphanSlot {
  keep(id: number): void;
  release(): void;
}

export class OrphanUploadBudget {
  private readonly byClient = new Map<string, Pending[]>();

  constructor(
    private readonly limit: number,
    private readonly lifetimeMinutes: number,
  ) {}

  /** A place for one more upload from `client`, or a 429 naming the limit and when to try again. */
  async reserve(db: Queryable, client: string, lang: Lang, now = Date.now()): Promise<OrphanSlot> {
    let pending = this.current(client, now);
    if (pending.length >= this.limit) {
      // Some may have been attached to a submission since: only those still waiting count.
      const ids = pending.filter((entry) => entry.id > 0).map((entry) => entry.id);
      const { rows } = await db.query<{ id: number }>('SELECT id FROM documents WHERE id = ANY($1::int[]) AND attached_to IS NULL', [ids]);
      const waiting = new Set(rows.map((row) => row.id));
      pending = pending.filter((entry) => entry.id === 0 || waiting.has(entry.id));
      this.byClient.set(client, pending);
    }
    if (pending.length >= this.limit) {
      const oldest = Math.min(...pending.map((entry) => entry.at));
      const seconds = Math.max(1, Math.ceil((oldest + this.lifetimeMinutes * 60_000 - now) / 1000));
      const message = t('tooManyPendingUploads', lang, { limit: this.limit, minutes: Math.ceil(seconds / 60) });
      throw new ApiError(429, { errors: [{ name: 'TooManyPendingUploads', message, data: { limit: this.limit } }] }, { 'retry-after': String(seconds) });
    }
    const entry: Pending = { id: 0, at: now };
    pending.push(entry);
    this.byClient.set(client, pending);
    return {
      keep: (id) => {
        entry.id = id;
      },
      release: () => {
        const list = this.byClient.get(client);
        if (list) this.byClient.set(client, list.filter((other) => other !== entry));
      },
    };
  }

  /** Forgets what the clean-up has removed anyway, and clients with nothing waiting. */
  prune(now = Date.now()): void {
    for (const client of [...this.byClient.keys()]) {
      if (this.current(client, now).length === 0) this.byClient.delete(client);
    }
  }

  private current(client: string, now: number): Pending[] {
    const cutoff = now - this.lifetimeMinutes * 60_000;
    const pending = (this.byClient.get(client) ?? []).filter((entry) => entry.at > cutoff);
    this.byClient.set(client, pending);
    return pending;
  }
}
