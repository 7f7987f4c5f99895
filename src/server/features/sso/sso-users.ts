// The account of a single sign-on: found by the provider's (issuer, subject), which never change,
// or created with the one role OIDC_DEFAULT_ROLE ('employee' unless configured: no staff rights until an admin
// grants a role). An existing password account with the same email is linked only when the provider
// says it verified the email (email_verified): the domain alone proves nothing, since anyone able to
// pick an email at the provider (a guest account, a self-service tenant) could take the account over.
import type { Queryable } from '../../core/db/db.ts';
import type { OidcConfig } from './config.ts';
import type { SsoIdentity } from './oidc-client.ts';
import { findUserByEmail, normalizeEmail, toStaffUser, type StaffUser, type UserRow } from '../../core/access/staff-users.ts';

/** Why a single sign-on is refused; the sign-in page explains each in the visitor's language. */
export type SsoRefusal = 'sso-no-email' | 'sso-domain' | 'sso-account-taken' | 'sso-disabled';

export class SsoRefused extends Error {
  constructor(readonly reason: SsoRefusal) {
    super(reason);
  }
}

const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1);

export async function ssoUser(db: Queryable, config: OidcConfig, identity: SsoIdentity): Promise<StaffUser> {
  const email = identity.email ? normalizeEmail(identity.email) : null;
  if (!email || !email.includes('@')) throw new SsoRefused('sso-no-email');
  const domainListed = config.allowedDomains.includes(domainOf(email));
  if (config.allowedDomains.length > 0 && !domainListed) throw new SsoRefused('sso-domain');

  const { rows: known } = await db.query<UserRow>('SELECT * FROM users WHERE sso_issuer = $1 AND sso_subject = $2', [identity.issuer, identity.subject]);
  if (known[0]?.disabled_at) throw new SsoRefused('sso-disabled');
  if (known[0]) return toStaffUser(known[0]);

  const existing = await findUserByEmail(db, email);
  if (existing) {
    if (existing.disabled_at) throw new SsoRefused('sso-disabled');
    if (existing.sso_subject || !identity.emailVerified) throw new SsoRefused('sso-account-taken');
    const { rows } = await db.query<UserRow>('UPDATE users SET sso_issuer = $1, sso_subject = $2, updated_at = now() WHERE id = $3 RETURNING *', [
      identity.issuer,
      identity.subject,
      existing.id,
    ]);
    return toStaffUser(rows[0]);
  }
  const { rows } = await db.query<UserRow>(
    `INSERT INTO users (email, password_hash, roles, name, sso_issuer, sso_subject) VALUES ($1, NULL, ARRAY[$2::text], $3, $4, $5)
     ON CONFLICT (email) DO NOTHING RETURNING *`,
    [email, config.defaultRole, identity.name, identity.issuer, identity.subject],
  );
  // A second sign-in racing this one created it first: look again.
  if (!rows[0]) return ssoUser(db, config, identity);
  return toStaffUser(rows[0]);
}
