// The alerts' schedule and where a webhook may go, as plain functions: the first retry within a
// minute by default, doubling to a 6-hour cap; private, link-local, loopback and mapped addresses
// refused unless a setting allows them.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/features/index.ts';
import { addressAllowed, webhookUrlProblem } from '../../src/server/features/alerts/address-guard.ts';
import { leaseMs, WEBHOOK_TIMEOUT_MS } from '../../src/server/features/alerts/retry.ts';
import { retryDelayMs, RETRY_CAP_MS } from '../../src/server/core/outbox/schedule.ts';
import { fillTemplate, unknownPlaceholders } from '../../src/server/features/alerts/templates.ts';

const strict = { webhookHttpLoopback: false, webhookPrivateNetworks: false };

describe('the retry schedule', () => {
  const base = loadConfig({}).alerts.retryBaseMs;
  it('tries again within a minute, then doubles up to 6 hours', () => {
    expect(retryDelayMs(1, base)).toBeLessThanOrEqual(60_000);
    expect(retryDelayMs(2, base)).toBe(2 * retryDelayMs(1, base));
    expect(retryDelayMs(30, base)).toBe(RETRY_CAP_MS);
    expect(RETRY_CAP_MS).toBe(6 * 3600 * 1000);
  });
  it('leases a claimed delivery for longer than any send takes', () => {
    for (const ms of [1, 100, base, 60_000]) expect(leaseMs(ms)).toBeGreaterThan(WEBHOOK_TIMEOUT_MS);
  });
  it('refuses a first retry later than a minute', () => {
    expect(() => loadConfig({ ALERT_RETRY_BASE_MS: '90000' })).toThrow('ALERT_RETRY_BASE_MS must be between 1 and 60000');
  });
});

describe('where a webhook may post', () => {
  it('refuses private, link-local, loopback, unspecified and IPv4-mapped private addresses', () => {
    for (const address of [
      '10.0.0.1',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '127.0.0.1',
      '::1',
      'fd00::1',
      'fe80::1',
      '0.0.0.0',
      '::ffff:10.0.0.1',
      '100.64.0.1',
    ]) {
      expect(addressAllowed(address, strict), address).toBe(false);
    }
    expect(addressAllowed('93.184.215.14', strict)).toBe(true);
    expect(addressAllowed('2606:4700::1111', strict)).toBe(true);
  });
  it('lets the settings open loopback (any scheme to this machine) and private networks, never multicast', () => {
    expect(addressAllowed('127.0.0.1', { ...strict, webhookHttpLoopback: true })).toBe(true);
    expect(addressAllowed('10.0.0.1', { ...strict, webhookPrivateNetworks: true })).toBe(true);
    expect(addressAllowed('224.0.0.1', { webhookHttpLoopback: true, webhookPrivateNetworks: true })).toBe(false);
  });
  it('needs https, or http to this machine when allowed; no credentials in the address', () => {
    expect(webhookUrlProblem('https://crm.example.com/hooks', strict)).toBeNull();
    expect(webhookUrlProblem('http://crm.example.com/hooks', strict)).toBe('alertWebhookUrl');
    expect(webhookUrlProblem('http://localhost:8080/hooks', strict)).toBe('alertWebhookUrl');
    expect(webhookUrlProblem('http://localhost:8080/hooks', { ...strict, webhookHttpLoopback: true })).toBeNull();
    expect(webhookUrlProblem('http://[::1]:8080/hooks', { ...strict, webhookHttpLoopback: true })).toBeNull();
    expect(webhookUrlProblem('https://user:secret@crm.example.com/', strict)).toBe('alertWebhookUrl');
    expect(webhookUrlProblem('ftp://crm.example.com/', strict)).toBe('alertWebhookUrl');
    expect(webhookUrlProblem('https://10.2.3.4/', strict)).toBe('alertWebhookPrivate');
  });
});

describe('alert templates', () => {
  const values = { reference: 'K7QM-4XW2-9D', form: 'Dining', venue: '{link}', time: '26 Nov 2026, 10:00', link: 'https://x/staff/forms/a/1', answers: '' };
  it('fill the known placeholders in one pass and name the unknown ones', () => {
    expect(fillTemplate('{reference} at {venue} {other}', values)).toBe('K7QM-4XW2-9D at {link} {other}');
    expect(unknownPlaceholders('{reference} {venu} {Link} {}')).toEqual(['{venu}', '{Link}', '{}']);
  });
});
