// Creates a user (or sets a new password): npm run create-user -- --email a@b.c --password '...' [--role <role>]... [--venue <slug>]...
// --role and --venue repeat: `--role manager --role viewer --venue cova --venue sushi-samba`. Venues go
// with a venue role (manager: venues; desk: attractions, e.g. --venue ifly) only. A new user is an admin unless --role says otherwise; an existing
// one keeps its roles and venues unless --role is given (then both are replaced).
// The password may come from STAFF_PASSWORD instead, to keep it out of the process list.
// With the embedded database and the server running, the server saves the user (one process owns
// DATA_DIR at a time: see src/server/features/auth/local-admin.ts); otherwise the database is opened here.
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/server/features/index.ts';
import { openDb } from '../src/server/core/db/db.ts';
import { migrate } from '../src/server/core/db/migrations.ts';
import { MIGRATIONS } from '../src/server/features/index.ts';
import type { StaffUser } from '../src/server/core/access/staff-users.ts';
import { saveStaffUserAudited } from '../src/server/features/users/index.ts';
import { ROLES, type Role } from '../src/server/core/access/roles.ts';
import { rolesProblem } from '../src/server/core/access/staff-users.ts';
import { runningServer, saveStaffUserThroughServer } from '../src/server/features/auth/local-admin.ts';

const USAGE = `Usage: npm run create-user -- --email staff@example.com --password "at least 12 characters, not a common one" [--role ${ROLES.join('|')}]... [--venue <venue slug>]... (or STAFF_PASSWORD=...)`;
const { values } = parseArgs({
  options: { email: { type: 'string' }, password: { type: 'string' }, role: { type: 'string', multiple: true }, venue: { type: 'string', multiple: true } },
});
const password = values.password ?? process.env.STAFF_PASSWORD;
const roles = values.role as Role[] | undefined;
const venues = values.venue ?? [];
const problem = rolesProblem(roles ?? ['admin'], venues);
if (!values.email || !password || problem) {
  if (problem) console.error(problem.message);
  console.error(USAGE);
  process.exit(2);
}

async function saveDirectly(email: string, secret: string): Promise<StaffUser> {
  const db = await openDb(config);
  try {
    await migrate(db, MIGRATIONS);
    return await saveStaffUserAudited(db, email, secret, roles, venues);
  } finally {
    await db.close();
  }
}

const config = loadConfig();
try {
  const server = config.databaseUrl ? null : runningServer(config.dataDir);
  const user = server
    ? await saveStaffUserThroughServer(config.dataDir, server, values.email, password, roles, venues)
    : await saveDirectly(values.email, password);
  console.log(
    `${user.email} (${user.roles.join(', ')}${user.venues.length ? `; venues ${user.venues.join(', ')}` : ''}) can now log in${server ? ` (saved by the running server, process ${server})` : ''}.`,
  );
} catch (error) {
  console.error(`Could not save the staff user: ${(error as Error).message}`);
  process.exit(1);
}
