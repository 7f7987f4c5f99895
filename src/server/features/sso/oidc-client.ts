// Company single sign-on with openid-client: authorization code flow with PKCE (S256), state and
// nonce. The provider's metadata is discovered once and kept; a failed discovery (provider down
// at start) is tried again on the next sign-in.
import * as oidc from 'openid-client';
import type { OidcConfig } from './config.ts';
import type { OidcFlow } from './oidc-flow-cookie.ts';
import { FLOW_SECONDS } from './oidc-flow-cookie.ts';

export interface SsoIdentity {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

export class OidcClient {
  private discovered: Promise<oidc.Configuration> | null = null;

  constructor(private readonly config: OidcConfig) {}

  private configuration(): Promise<oidc.Configuration> {
    if (!this.discovered) {
      const url = new URL(this.config.issuerUrl);
      // A provider on plain http is only ever a local one (the tests' stand-in, a developer's).
      const options = url.protocol === 'http:' ? { execute: [oidc.allowInsecureRequests] } : undefined;
      this.discovered = oidc.discovery(url, this.config.clientId, this.config.clientSecret, undefined, options);
      this.discovered.catch(() => (this.discovered = null));
    }
    return this.discovered;
  }

  /** The provider's sign-in address, and the flow to keep in the cookie until the callback. */
  async start(redirectUri: string, next: string | null): Promise<{ url: URL; flow: OidcFlow }> {
    const configuration = await this.configuration();
    const verifier = oidc.randomPKCECodeVerifier();
    const flow: OidcFlow = { verifier, state: oidc.randomState(), nonce: oidc.randomNonce(), next, exp: Math.floor(Date.now() / 1000) + FLOW_SECONDS };
    const url = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: redirectUri,
      scope: this.config.scopes,
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state: flow.state,
      nonce: flow.nonce,
    });
    return { url, flow };
  }

  /** Exchanges the code of the callback address; throws when the provider refused or any check fails. */
  async finish(callbackUrl: URL, flow: OidcFlow): Promise<SsoIdentity> {
    const configuration = await this.configuration();
    const tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
      pkceCodeVerifier: flow.verifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new Error('The provider sent no ID token.');
    let email = typeof claims.email === 'string' ? claims.email : null;
    let emailVerified = claims.email_verified === true;
    let name = typeof claims.name === 'string' ? claims.name : null;
    if (!email) {
      // Some providers put the email only in the userinfo answer.
      const info = await oidc.fetchUserInfo(configuration, tokens.access_token, claims.sub);
      email = typeof info.email === 'string' ? info.email : null;
      emailVerified = info.email_verified === true;
      name ??= typeof info.name === 'string' ? info.name : null;
    }
    return { issuer: claims.iss, subject: claims.sub, email, emailVerified, name };
  }
}
