// Seeds content collections and globals from CONTENT_DIR/seed. Idempotent: a document whose key
// (e.g. slug) already exists is updated in place, so ids stay stable across runs.
import fs from 'node:fs';
import path from 'node:path';
import type { Db, Queryable } from './db.ts';
import type { ContentConfig } from '../content-config.ts';

export interface SeedReport {
  collections: Record<string, number>;
  globals: string[];
}

function readJson<T>(file: string): T | null {
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as T) : null;
}

async function hasContent(db: Queryable, table: 'documents' | 'globals', slug: string): Promise<boolean> {
  const sql = table === 'documents' ? 'SELECT 1 FROM documents WHERE collection = $1 LIMIT 1' : 'SELECT 1 FROM globals WHERE slug = $1';
  return (await db.query(sql, [slug])).rows.length > 0;
}

/**
 * Seeds in one transaction under an advisory lock, so instances starting together on one
 * PostgreSQL neither duplicate documents nor see half a seed. `onlyEmpty` (the server's start)
 * seeds only collections and globals that have nothing yet, e.g. one added since the last start.
 */
export async function seedContent(db: Db, contentDir: string, config: ContentConfig, onlyEmpty = false): Promise<SeedReport> {
  const report: SeedReport = { collections: {}, globals: [] };
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(7262003)');
    for (const collection of config.collections) {
      if (onlyEmpty && (await hasContent(tx, 'documents', collection.slug))) continue;
      const docs = readJson<Record<string, unknown>[]>(path.join(contentDir, 'seed', `${collection.slug}.json`)) ?? [];
      for (const { id: _id, ...data } of docs) {
        const key = data[collection.key];
        if (typeof key !== 'string' && typeof key !== 'number') throw new Error(`A ${collection.slug} seed document has no "${collection.key}".`);
        const updated = await tx.query(`UPDATE documents SET data = $3::jsonb, updated_at = now() WHERE collection = $1 AND data->>$2 = $4`, [
          collection.slug,
          collection.key,
          JSON.stringify(data),
          String(key),
        ]);
        if (updated.rowCount === 0) await tx.query('INSERT INTO documents (collection, data) VALUES ($1, $2::jsonb)', [collection.slug, JSON.stringify(data)]);
      }
      report.collections[collection.slug] = docs.length;
    }
    for (const global of config.globals) {
      if (onlyEmpty && (await hasContent(tx, 'globals', global.slug))) continue;
      const data = readJson<Record<string, unknown>>(path.join(contentDir, 'seed', 'globals', `${global.slug}.json`));
      if (!data) continue;
      await tx.query(
        `INSERT INTO globals (slug, data) VALUES ($1, $2::jsonb)
         ON CONFLICT (slug) DO UPDATE SET data = EXCLUDED.data, updated_at = now()`,
        [global.slug, JSON.stringify(data)],
      );
      report.globals.push(global.slug);
    }
    return report;
  });
}
