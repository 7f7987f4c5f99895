// The users feature's public face: what app.ts and other features may use.
import type { ServerFeature } from '../../core/feature.ts';
import { usersPlugin } from './plugin.ts';
import { USERS_MIGRATIONS } from './migrations.ts';

export const usersFeature: ServerFeature = { name: 'users', plugins: [usersPlugin], migrations: USERS_MIGRATIONS };
export { saveStaffUserAudited } from './audited-save.ts';
