// Private pages ask who is signed in before anything else: signed out (or without the right the
// page needs), the visitor goes to /login, which brings them back here afterwards.
import { redirect } from 'react-router-dom';
import { apiUrl, runtimeConfig } from '../api/runtimeConfig.ts';

export interface StaffMe {
  id: number;
  email: string;
  role: 'admin' | 'editor' | 'viewer' | 'employee';
  name: string | null;
}

/** What each role may do, as the server grants it (src/server/auth/roles.ts); the server checks again on every call. */
const GRANTS: Record<StaffMe['role'], readonly string[]> = {
  admin: ['read-submissions', 'edit-content', 'manage-users', 'read-audit', 'redeem-perks'],
  editor: ['edit-content', 'redeem-perks'],
  viewer: ['read-submissions', 'redeem-perks'],
  employee: ['redeem-perks'],
};

export const staffCan = (me: StaffMe, permission: string) => (GRANTS[me.role] ?? []).includes(permission);

export async function requireSignIn(requestUrl: string, permission?: string): Promise<StaffMe> {
  const response = await fetch(apiUrl('/api/users/me'), { credentials: runtimeConfig().apiBaseUrl ? 'include' : 'same-origin', headers: { Accept: 'application/json' } });
  const user = response.ok ? ((await response.json()) as { user: StaffMe | null }).user : null;
  if (!user || user.role === 'employee' || (permission && !staffCan(user, permission))) {
    const url = new URL(requestUrl);
    throw redirect(`/login?next=${encodeURIComponent(url.pathname + url.search)}`);
  }
  return user;
}
