// What the sign-in and admin pages share: the words for roles and sign-in errors.
import type { MessageKey } from '../../engine/text/messages.ts';
import type { Role } from '../../engine/access/roles.ts';

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
