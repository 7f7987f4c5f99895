// Where a webhook may post (SSRF): https, or http to this machine when ALERT_WEBHOOK_HTTP_LOOPBACK
// says so; never a private-range, link-local or other special address unless
// ALERT_WEBHOOK_PRIVATE_NETWORKS says so. Checked at save, and again at send on the very address
// the connection uses (the lookup below), so a name that later resolves elsewhere is caught too.
import dns from 'node:dns';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import type { AlertsConfig } from './config.ts';

export type WebhookProblem = 'alertWebhookUrl' | 'alertWebhookPrivate' | 'alertWebhookUnresolved';

type Settings = Pick<AlertsConfig, 'webhookHttpLoopback' | 'webhookPrivateNetworks'>;

/**
 * ipaddr.js's range names (its SpecialRanges) of the private networks: reached only with
 * ALERT_WEBHOOK_PRIVATE_NETWORKS. Loopback only with ALERT_WEBHOOK_HTTP_LOOPBACK. Every other range
 * but plain 'unicast' is never reached, whatever the settings: IPv4 unspecified, broadcast,
 * multicast, reserved, as112, amt; IPv6 unspecified, multicast, discard (100::/64), reserved
 * (documentation), benchmarking, amt, as112v6, the ORCHIDs, drone ids, segment routing, and the
 * ranges that carry an IPv4 address the guard could not vouch for: NAT64 (rfc6052, rfc6145), 6to4,
 * Teredo, and IPv4-compatible ::/96 (IPV4_COMPATIBLE: ipaddr.js calls it 'unicast'). A range a later
 * ipaddr.js adds is refused too until it is listed here.
 */
const PRIVATE_RANGES = new Set(['private', 'linkLocal', 'carrierGradeNat', 'uniqueLocal', 'deprecatedSiteLocal']);
const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96');

const bare = (hostname: string) => hostname.replace(/^\[|\]$/g, '');

function isLoopbackName(hostname: string): boolean {
  const host = bare(hostname).toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  return ipaddr.isValid(host) && ipaddr.process(host).range() === 'loopback';
}

/** The address's range name, ::/96 named 'ipv4Compatible' (ipaddr.js counts it unicast; ::ffff:a.b.c.d is read as the IPv4 address). */
function rangeOf(address: string): string {
  const parsed = ipaddr.process(address);
  const range = parsed.range();
  if (range === 'unicast' && parsed.kind() === 'ipv6' && parsed.match(IPV4_COMPATIBLE)) return 'ipv4Compatible';
  return range;
}

export function addressAllowed(address: string, settings: Settings): boolean {
  if (!ipaddr.isValid(address)) return false;
  const range = rangeOf(address);
  if (range === 'unicast') return true;
  if (range === 'loopback') return settings.webhookHttpLoopback;
  return PRIVATE_RANGES.has(range) && settings.webhookPrivateNetworks;
}

/** What is wrong with a webhook address as written (scheme, literal address), or null. */
export function webhookUrlProblem(raw: string, settings: Settings): WebhookProblem | null {
  if (!URL.canParse(raw)) return 'alertWebhookUrl';
  const url = new URL(raw);
  if (url.username || url.password) return 'alertWebhookUrl';
  const https = url.protocol === 'https:';
  const loopbackHttp = url.protocol === 'http:' && settings.webhookHttpLoopback && isLoopbackName(url.hostname);
  if (!https && !loopbackHttp) return 'alertWebhookUrl';
  const host = bare(url.hostname);
  if (ipaddr.isValid(host)) return addressAllowed(host, settings) ? null : 'alertWebhookPrivate';
  if (isLoopbackName(host)) return settings.webhookHttpLoopback ? null : 'alertWebhookPrivate';
  return null;
}

/** At save: the name must resolve, and to addresses webhooks may reach (checked again at send: it may resolve elsewhere later). */
export async function resolvedProblem(raw: string, settings: Settings): Promise<WebhookProblem | null> {
  const written = webhookUrlProblem(raw, settings);
  if (written) return written;
  const host = bare(new URL(raw).hostname);
  // A literal address, or this machine's name, was judged as written (by the loopback setting).
  if (ipaddr.isValid(host) || isLoopbackName(host)) return null;
  const addresses = await dns.promises.lookup(host, { all: true }).catch(() => []);
  if (addresses.length === 0) return 'alertWebhookUnresolved';
  return addresses.every((entry) => addressAllowed(entry.address, settings)) ? null : 'alertWebhookPrivate';
}

/** net's lookup for the webhook's connection: the addresses it connects to pass addressAllowed, or the connection fails. */
export function guardedLookup(settings: Settings): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 4);
      const list = addresses as dns.LookupAddress[];
      const refused = list.find((entry) => !addressAllowed(entry.address, settings));
      if (refused || list.length === 0)
        return callback(Object.assign(new Error("The webhook's host resolves to an address webhooks may not reach."), { code: 'EPRIVATE' }), '', 4);
      if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      callback(null, list[0].address, list[0].family);
    });
  };
}
