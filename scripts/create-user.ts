// Creates a staff user (or sets a new password): npm run create-user -- --email a@b.c --password '...'
// The password may come from STAFF_PASSWORD instead, to keep it out of the process list.
// With the embedded database, stop the server first: one process owns DATA_DIR at a time.
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/server/config.ts';
import { openDb } from '../src/server/db/db.ts';
import { migrate } from '../src/server/db/migrations.ts';
import { saveStaffUser } from '../src/server/auth/staff-users.ts';

const { values } = parseArgs({ options: { email: { type: 'string' }, password: { type: 'string' } } });
const password = values.password ?? process.env.STAFF_PASSWORD;
if (!values.email || !password) {
  console.error('Usage: npm run create-user -- --email staff@example.com --password "at least 8 characters" (or STAFF_PASSWORD=...)');
  process.exit(2);
}

try {
  const db = await openDb(loadConfig());
  try {
    await migrate(db);
    const user = await saveStaffUser(db, values.email, password);
    console.log(`Staff user ${user.email} can now log in.`);
  } finally {
    await db.close();
  }
} catch (error) {
  console.error(`Could not save the staff user: ${(error as Error).message}`);
  process.exit(1);
}
