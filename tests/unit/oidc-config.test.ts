// Single sign-on settings: all three of issuer, client id and secret, or none; mistakes stop the start with a message.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/features/index.ts';

const SSO = { OIDC_ISSUER_URL: 'https://login.example.com/tenant/v2.0', OIDC_CLIENT_ID: 'forms', OIDC_CLIENT_SECRET: 'secret' };

describe('OIDC configuration', () => {
  it('is off when none of the three is set', () => {
    expect(loadConfig({}).oidc).toBeNull();
  });

  it('takes the defaults: scopes openid email profile, new accounts as employees, any domain', () => {
    expect(loadConfig(SSO).oidc).toEqual({
      issuerUrl: SSO.OIDC_ISSUER_URL,
      clientId: 'forms',
      clientSecret: 'secret',
      redirectUrl: null,
      scopes: 'openid email profile',
      defaultRole: 'employee',
      allowedDomains: [],
    });
    expect(loadConfig({ ...SSO, OIDC_ALLOWED_DOMAINS: ' DohaOasis.com, @printemps.qa ' }).oidc?.allowedDomains).toEqual(['dohaoasis.com', 'printemps.qa']);
  });

  it('refuses half a configuration, a role that does not exist and scopes without openid', () => {
    expect(() => loadConfig({ OIDC_ISSUER_URL: SSO.OIDC_ISSUER_URL })).toThrow(/together/);
    expect(() => loadConfig({ ...SSO, OIDC_DEFAULT_ROLE: 'owner' })).toThrow(/OIDC_DEFAULT_ROLE/);
    expect(() => loadConfig({ ...SSO, OIDC_SCOPES: 'email' })).toThrow(/openid/);
    expect(() => loadConfig({ ...SSO, OIDC_ISSUER_URL: 'not a url' })).toThrow(/OIDC_ISSUER_URL/);
  });
});
