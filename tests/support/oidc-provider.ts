// A real OpenID Connect provider on a random port (the oidc-provider package), standing in for the
// company's (Microsoft's in the old app): discovery, authorization code with PKCE, tokens, userinfo.
// Its sign-in page is a small form with an email field: submitting an email of a known account
// signs in as that account; consent is granted without asking.
import { generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface TestAccount {
  email: string;
  emailVerified?: boolean;
  name?: string;
}

export interface OidcStandIn {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Accounts by subject; tests may add more. */
  accounts: Map<string, TestAccount>;
  /** Registers the app's callback once its port is known, and starts answering. */
  start(redirectUri: string): void;
  close(): Promise<void>;
}

const page = (body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Company sign-in</title></head><body><main>${body}</main></body></html>`;

const readForm = (request: http.IncomingMessage) =>
  new Promise<URLSearchParams>((resolve) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => resolve(new URLSearchParams(body)));
  });

/** Listens at once (so its issuer URL can go into the app's configuration); answers after start(). */
export async function startOidcProvider(): Promise<OidcStandIn> {
  let handle: http.RequestListener = (_request, response) => response.writeHead(503).end();
  const server = http.createServer((request, response) => handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const accounts = new Map<string, TestAccount>([['employee-1', { email: 'amal@dohaoasis.example', emailVerified: true, name: 'Amal' }]]);
  const clientId = 'venue-forms';
  const clientSecret = 'test-oidc-client-secret';

  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    start(redirectUri) {
      const provider = new Provider(issuer, {
        clients: [
          { client_id: clientId, client_secret: clientSecret, redirect_uris: [redirectUri], grant_types: ['authorization_code'], response_types: ['code'] },
        ],
        pkce: { required: () => true },
        jwks: { keys: [{ ...generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }), use: 'sig', alg: 'RS256' }] },
        ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 600, Session: 600, Grant: 600 },
        claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
        features: { devInteractions: { enabled: false } },
        cookies: { keys: ['oidc-stand-in-cookie-key'] },
        interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
        async findAccount(_ctx: unknown, id: string) {
          const account = accounts.get(id);
          if (!account) return undefined;
          return { accountId: id, claims: async () => ({ sub: id, email: account.email, email_verified: account.emailVerified ?? false, name: account.name }) };
        },
      });
      const providerCallback = provider.callback();
      handle = async (request, response) => {
        const match = /^\/interaction\/([^/?]+)(\/login)?/.exec(request.url ?? '');
        if (!match) return providerCallback(request, response);
        const details = await provider.interactionDetails(request, response);
        if (details.prompt.name === 'login' && request.method === 'POST' && match[2]) {
          const email = (await readForm(request)).get('email');
          const accountId = [...accounts].find(([, account]) => account.email === email)?.[0];
          if (!accountId) {
            response.writeHead(200, { 'content-type': 'text/html' }).end(page(`<p role="alert">Unknown account.</p>`));
            return;
          }
          return provider.interactionFinished(request, response, { login: { accountId } }, { mergeWithLastSubmission: false });
        }
        if (details.prompt.name === 'login') {
          response
            .writeHead(200, { 'content-type': 'text/html' })
            .end(
              page(
                `<h1>Company sign-in</h1><form method="post" action="/interaction/${details.uid}/login"><label for="email">Work email</label><input id="email" name="email" type="email"><button type="submit">Sign in</button></form>`,
              ),
            );
          return;
        }
        const grant = new provider.Grant({ accountId: details.session?.accountId ?? '', clientId });
        grant.addOIDCScope(String(details.params.scope ?? 'openid'));
        return provider.interactionFinished(request, response, { consent: { grantId: await grant.save() } }, { mergeWithLastSubmission: true });
      };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
