// Creates a user (or sets a new password): npm run create-user -- --email a@b.c --password '...' [--role admin|editor|viewer|employee]
// A new user is an admin unless --role says otherwise; an existing one keeps its role unless --role is given.
// The password may come from STAFF_PASSWORD instead, to keep it out of the process list.
// With the embedded database and the server running, the server saves the user (one process owns
// DATA_DIR at a time: see src/server/features/auth/local-admin.ts); otherwise the database is opened here.
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/server/core/config.ts';
import { openDb } from '../src/server/core/db/db.ts';
import { migrate } from '../src/server/core/db/migrations.ts';
import { MIGRATIONS } from '../src/server/features/index.ts';
import { saveStaffUser, type StaffUser } from '../src/server/core/access/staff-users.ts';
import { isRole, type Role } from '../src/server/core/access/roles.ts';
import { runningServer, saveStaffUserThroughServer } from '../src/server/features/auth/local-admin.ts';

const { values } = parseArgs({ options: { email: { type: 'string' }, password: { type: 'string' }, role: { type: 'string' } } });
const password = values.password ?? process.env.STAFF_PASSWORD;
if (!values.email || !password || (values.role !== undefined && !isRole(values.role))) {
  console.error('Usage: npm run create-user -- --email staff@example.com --password "at least 12 characters, not a common one" [--role admin|editor|viewer|employee] (or STAFF_PASSWORD=...)');
  process.exit(2);
}
const role = values.role as Role | undefined;

async function saveDirectly(email: string, secret: string): Promise<StaffUser> {
  const db = await openDb(config);
  try {
    await migrate(db, MIGRATIONS);
    return await saveStaffUser(db, email, secret, role);
  } finally {
    await db.close();
  }
}

const config = loadConfig();
try {
  const server = config.databaseUrl ? null : runningServer(config.dataDir);
  const user = server ? await saveStaffUserThroughServer(config.dataDir, server, values.email, password, role) : await saveDirectly(values.email, password);
  console.log(`${user.email} (${user.role}) can now log in${server ? ` (saved by the running server, process ${server})` : ''}.`);
} catch (error) {
  console.error(`Could not save the staff user: ${(error as Error).message}`);
  process.exit(1);
}
