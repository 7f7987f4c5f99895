// The webhook channel: a rule's webhook gets the alert as JSON (the delivery's data), POSTed with an HMAC-SHA256 of the body in
// X-Venue-Forms-Signature ("sha256=<hex>"), the delivery's stable key in X-Venue-Forms-Delivery (a
// receiver drops repeats with it). No redirect is followed, 5 s at most, and the connection goes
// only to an address the guard allows (checked after DNS resolution, on the address used).
import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { t } from '../../../../engine/text/messages.ts';
import type { SendOutcome } from '../../../core/outbox/channel.ts';
import type { AlertsConfig } from '../config.ts';
import { guardedLookup, resolvedProblem, webhookUrlProblem } from '../address-guard.ts';
import { WEBHOOK_TIMEOUT_MS } from '../retry.ts';
import { shortError } from '../connect-error.ts';
import { alertChannel } from './alert-channel.ts';

export const signatureOf = (secret: string, body: string) => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

async function postWebhook(settings: AlertsConfig, url: string, secret: string, key: string, payload: unknown): Promise<SendOutcome> {
  const problem = webhookUrlProblem(url, settings);
  if (problem) return { ok: false, permanent: true, error: `The webhook address is not allowed (${problem}).`, status: null };
  const body = JSON.stringify(payload);
  const target = new URL(url);
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise<SendOutcome>((resolve) => {
    const request = (target.protocol === 'https:' ? https : http).request(
      target,
      {
        method: 'POST',
        // A connection of its own: its address is checked by the lookup, and its 5 s start with it.
        agent: false,
        lookup: guardedLookup(settings),
        timeout: WEBHOOK_TIMEOUT_MS,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'venue-forms-alerts',
          'x-venue-forms-signature': signatureOf(secret, body),
          'x-venue-forms-delivery': key,
        },
      },
      (response) => {
        response.resume(); // the answer's body is not kept: its code and time are
        const status = response.statusCode ?? 0;
        if (status >= 200 && status < 300) resolve({ ok: true, status, ms: elapsed() });
        else
          resolve({
            ok: false,
            permanent: false,
            status,
            ms: elapsed(),
            error: status >= 300 && status < 400 ? `Answered ${status} (redirects are not followed).` : `Answered ${status}.`,
          });
      },
    );
    // The whole exchange, not only an idle socket, ends at the limit.
    const deadline = setTimeout(() => request.destroy(new Error(`No answer within ${WEBHOOK_TIMEOUT_MS / 1000} s.`)), WEBHOOK_TIMEOUT_MS);
    request.on('timeout', () => request.destroy(new Error(`No answer within ${WEBHOOK_TIMEOUT_MS / 1000} s.`)));
    request.on('error', (error) => resolve({ ok: false, permanent: false, status: null, ms: elapsed(), error: shortError(error) }));
    request.on('close', () => clearTimeout(deadline));
    request.end(body);
  });
}

const urlOf = (rule: Record<string, unknown>) => (typeof rule.webhook_url === 'string' ? rule.webhook_url.trim() : '');

export const webhookChannel = alertChannel({
  name: 'webhook',
  // Needs nothing configured: where it may post is checked at save and again at send.
  ready: () => true,
  open: (config) => ({
    send(delivery) {
      if (!delivery.signingKey) return Promise.resolve({ ok: false, permanent: true, status: null, error: 'The rule was deleted or has no signing key.' });
      return postWebhook(config.alerts, delivery.recipient, delivery.signingKey, delivery.key, delivery.data ?? {});
    },
  }),
  recipients: (rule) => (urlOf(rule) ? [urlOf(rule)] : []),
  async ruleProblems(rule, settings, lang) {
    const problem = urlOf(rule) && (await resolvedProblem(urlOf(rule), settings));
    return problem ? [{ path: 'webhook_url', message: t(problem, lang) }] : [];
  },
});
