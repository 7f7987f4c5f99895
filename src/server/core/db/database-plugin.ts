// Opens the database (PGlite in DATA_DIR, or PostgreSQL at DATABASE_URL), applies migrations and
// the forms' unique rules and the outbox's channels, seeds content into an empty database, and gives stored submissions their venue.
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config.ts';
import { ownPlugin } from '../context.ts';
import { openDb, type Db } from './db.ts';
import { migrate, type Migration } from './migrations.ts';
import { ensureUniqueIndexes, type UniqueRule } from './unique-indexes.ts';
import type { LoadedForm } from '../forms/compiled-forms.ts';
import type { ContentConfig } from '../content-config.ts';
import { seedContent } from './seed-content.ts';
import { fillSubmissionVenues } from '../forms/venue.ts';
import { ensureChannelCheck } from '../outbox/channel-check.ts';

export interface PreparedDatabase {
  db: Db;
  uniqueRules: Map<string, UniqueRule>;
}

export async function prepareDatabase(
  config: ServerConfig,
  forms: LoadedForm[],
  content: ContentConfig,
  migrations: readonly Migration[],
  channels: readonly string[],
): Promise<PreparedDatabase> {
  const db = await openDb(config);
  try {
    await migrate(db, migrations);
    await ensureChannelCheck(db, channels);
    const uniqueRules = await ensureUniqueIndexes(db, forms);
    await seedContent(db, config.contentDir, content, true);
    await fillSubmissionVenues(db, forms);
    return { db, uniqueRules };
  } catch (error) {
    await db.close();
    throw error;
  }
}

/** Closes the database when the server stops (PGlite also releases the data-directory lock). */
export const databasePlugin = ownPlugin<{ db: Db }>('database', async (app: FastifyInstance, { db }) => {
  app.addHook('onClose', async () => db.close());
});
