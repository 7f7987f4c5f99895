// Private pages' loaders call this first: the signed-in staff member (the HttpOnly cookie goes with
// the request; the pages' public key does not, or the server would see the public pages), or a
// redirect to /login that comes back to this page afterwards.
import { redirect } from 'react-router-dom';
import { apiUrl } from '../api/runtimeConfig.ts';

export interface StaffMe {
  id: number;
  email: string;
  role: string;
  name: string | null;
}

/** The account's role lacks what the page needs: shown by the page, not a sign-in loop. */
const GRANTED_TO: Record<string, readonly string[]> = {
  staff: ['admin', 'editor', 'viewer'],
};

export async function requireSignIn(requestUrl: string, permission?: string): Promise<StaffMe> {
  const response = await fetch(apiUrl('/api/users/me'), { credentials: 'include', headers: { Accept: 'application/json' } });
  const body = (response.ok ? await response.json() : null) as { user?: StaffMe | null } | null;
  const user = body?.user;
  if (!user) {
    const url = new URL(requestUrl);
    throw redirect(`/login?next=${encodeURIComponent(url.pathname + url.search)}`);
  }
  const roles = permission ? GRANTED_TO[permission] : undefined;
  if (roles && !roles.includes(user.role)) throw new Response('Forbidden', { status: 403 });
  return user;
}
