// A local stand-in for Google's reCAPTCHA siteverify, speaking its real protocol: POST
// form-encoded `secret` and `response`, JSON answer {success, challenge_ts, hostname, 'error-codes'}.
// Tokens starting with "pass" succeed once (Google refuses a reused token: timeout-or-duplicate).
// A token may dictate fields of the answer, as "pass;hostname=evil.example;score=0.2;action=x".
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SiteverifyStandIn {
  url: string;
  secret: string;
  /** Every token the server asked about, in order. */
  tokens: string[];
  close(): Promise<void>;
}

export async function startSiteverify(secret = 'test-recaptcha-secret'): Promise<SiteverifyStandIn> {
  const tokens: string[] = [];
  const used = new Set<string>();
  const server = http.createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      const answer = (payload: Record<string, unknown>) => {
        response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
        response.end(JSON.stringify(payload));
      };
      if (request.method !== 'POST' || !String(request.headers['content-type']).startsWith('application/x-www-form-urlencoded')) {
        return answer({ success: false, 'error-codes': ['bad-request'] });
      }
      const form = new URLSearchParams(body);
      const token = form.get('response') ?? '';
      if (form.get('secret') !== secret)
        return answer({ success: false, 'error-codes': [form.get('secret') ? 'invalid-input-secret' : 'missing-input-secret'] });
      if (!token) return answer({ success: false, 'error-codes': ['missing-input-response'] });
      tokens.push(token);
      if (used.has(token)) return answer({ success: false, 'error-codes': ['timeout-or-duplicate'] });
      used.add(token);
      if (!token.startsWith('pass')) return answer({ success: false, 'error-codes': ['invalid-input-response'] });
      const dictated = Object.fromEntries(
        token
          .split(';')
          .slice(1)
          .map((part) => part.split('=') as [string, string]),
      );
      const { score, ...fields } = dictated;
      answer({
        success: true,
        challenge_ts: new Date().toISOString(),
        hostname: 'localhost',
        ...fields,
        ...(score === undefined ? {} : { score: Number(score) }),
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/recaptcha/api/siteverify`,
    secret,
    tokens,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
