// What the sign-in and admin pages share: addresses that keep the visitor's ?lang, and the words for roles and sign-in errors.
import type { MessageKey } from '../../../engine/messages.ts';
import type { Role } from '../../../engine/roles.ts';

/** `path` with the language the visitor asked for, when any. */
export function withLang(path: string, lang: string | null): string {
  if (!lang) return path;
  const url = new URL(path, 'http://same.invalid');
  url.searchParams.set('lang', lang);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The reasons the single sign-on callback sends back to /login?error= (src/server/features/sso/plugin.ts), worded per language. */
export const SIGN_IN_ERRORS: Record<string, MessageKey> = {
  'sso-failed': 'signInSsoFailed',
  'sso-expired': 'signInSsoExpired',
  'sso-unavailable': 'signInSsoUnavailable',
  'sso-domain': 'signInSsoDomain',
  'sso-account-taken': 'signInSsoTaken',
  'sso-no-email': 'signInSsoNoEmail',
  'sso-disabled': 'signInDisabled',
};

export const ROLE_NAMES: Record<Role, MessageKey> = {
  admin: 'roleAdmin',
  editor: 'roleEditor',
  viewer: 'roleViewer',
  manager: 'roleManager',
  hr: 'roleHr',
  compliance: 'roleCompliance',
  desk: 'roleDesk',
  employee: 'roleEmployee',
};
