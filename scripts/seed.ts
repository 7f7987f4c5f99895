// Loads content/seed into the database (stores, restaurants, page content, ...). Safe to run
// again: documents are matched by their key (e.g. slug) and updated in place. The server also
// seeds by itself when it starts on an empty database.
import { loadConfig } from '../src/server/features/index.ts';
import { openDb } from '../src/server/core/db/db.ts';
import { migrate } from '../src/server/core/db/migrations.ts';
import { MIGRATIONS } from '../src/server/features/index.ts';
import { loadContentConfig } from '../src/server/core/content-config.ts';
import { seedContent } from '../src/server/core/db/seed-content.ts';

const config = loadConfig();
try {
  const db = await openDb(config);
  try {
    await migrate(db, MIGRATIONS);
    const report = await seedContent(db, config.contentDir, loadContentConfig(config.contentDir));
    for (const [collection, count] of Object.entries(report.collections)) console.log(`${collection}: ${count} document(s)`);
    for (const global of report.globals) console.log(`global ${global}`);
  } finally {
    await db.close();
  }
} catch (error) {
  console.error(`Seeding failed: ${(error as Error).message}`);
  process.exit(1);
}
