// The sso feature's settings: the OpenID Connect provider and who may sign in through it. Its rows
// join the one configuration table (core/config.ts).
import type { ConfigSection, ConfigValues, ConfigVariable, VariableName } from '../../core/config.ts';
import { isRole, ROLES, type Role } from '../../core/access/roles.ts';

const SSO_VARIABLES = [
  {
    name: 'OIDC_ISSUER_URL',
    kind: 'url',
    default: null,
    description:
      "Company single sign-on (OpenID Connect): the provider's issuer URL (e.g. 'https://login.microsoftonline.com/<tenant>/v2.0'). Set with OIDC_CLIENT_ID and OIDC_CLIENT_SECRET to show 'Sign in with company account' on /login; unset (all three) = password sign-in only.",
  },
  { name: 'OIDC_CLIENT_ID', kind: 'text', default: null, description: 'The client (application) id registered with the provider.' },
  { name: 'OIDC_CLIENT_SECRET', kind: 'text', default: null, description: 'The client secret registered with the provider.' },
  {
    name: 'OIDC_REDIRECT_URL',
    kind: 'url',
    default: null,
    description: "The callback address registered with the provider; unset = '<address of the request>/api/users/oidc/callback'. Set it behind a proxy.",
  },
  { name: 'OIDC_SCOPES', kind: 'text', default: 'openid email profile', description: 'Scopes asked of the provider (space-separated; must include openid).' },
  {
    name: 'OIDC_DEFAULT_ROLE',
    kind: 'text',
    default: 'employee',
    description: "Role of an account created by a first single sign-on: 'employee' gives no staff rights until an admin grants a role on /staff/users.",
  },
  {
    name: 'OIDC_ALLOWED_DOMAINS',
    kind: 'list',
    default: null,
    description:
      "Comma-separated email domains allowed to sign in by single sign-on (e.g. 'dohaoasis.com'); unset = any account the provider signs in. An existing password account is linked to single sign-on only when the provider says the email is verified (email_verified), whatever its domain.",
  },
] as const satisfies readonly ConfigVariable[];

export interface OidcConfig {
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
  redirectUrl: string | null;
  scopes: string;
  defaultRole: Role;
  /** Lower-case domains; empty = any. */
  allowedDomains: string[];
}

declare module '../../core/config.ts' {
  interface FeatureSettings {
    /** Company single sign-on; null when OIDC_ISSUER_URL, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are not all set. */
    oidc: OidcConfig | null;
  }
}

/** The three OIDC settings go together, like the reCAPTCHA keys: half a configuration stops the start. */
function readOidcConfig(values: ConfigValues<VariableName<typeof SSO_VARIABLES>>): OidcConfig | null {
  const issuerUrl = values.text('OIDC_ISSUER_URL');
  const clientId = values.text('OIDC_CLIENT_ID');
  const clientSecret = values.text('OIDC_CLIENT_SECRET');
  if (!issuerUrl && !clientId && !clientSecret) return null;
  if (!issuerUrl || !clientId || !clientSecret)
    throw new Error('Set OIDC_ISSUER_URL, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET together for single sign-on, or none of them.');
  const scopes = values.text('OIDC_SCOPES') ?? 'openid';
  if (!scopes.split(/\s+/).includes('openid')) throw new Error(`OIDC_SCOPES must include openid, got "${scopes}".`);
  const defaultRole = values.text('OIDC_DEFAULT_ROLE') ?? 'employee';
  if (!isRole(defaultRole)) throw new Error(`OIDC_DEFAULT_ROLE must be one of ${ROLES.join(', ')}, got "${defaultRole}".`);
  const allowedDomains = values
    .list('OIDC_ALLOWED_DOMAINS')
    .map((domain) => domain.toLowerCase().replace(/^@/, ''))
    .filter(Boolean);
  return { issuerUrl, clientId, clientSecret, redirectUrl: values.text('OIDC_REDIRECT_URL'), scopes, defaultRole, allowedDomains };
}

export const ssoConfig: ConfigSection<'oidc'> = { key: 'oidc', variables: SSO_VARIABLES, read: readOidcConfig };
