import { BlockList, isIP } from 'node:net';

/**
 * Addresses no webhook may reach in Production: private networks, loopback, link-local
 * (cloud metadata at 169.254.169.254), carrier-grade NAT, unspecified, multicast and reserved
 * ranges, in IPv4 and IPv6, and IPv6 forms that carry an IPv4 address (mapped, NAT64).
 */
const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}

/** Whether a webhook may connect to this IP address in Production. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return !blocked.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** Host names that mean this machine: the only ones plain HTTP may reach, and only outside Production. */
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export type UrlProblem = 'validation.webhook.url' | 'validation.webhook.https' | 'validation.webhook.address';

/**
 * The rules a webhook address must meet before anything is sent: an absolute URL without user
 * name or password; HTTPS, or HTTP to localhost outside Production; in Production no literal
 * address of a private, loopback or link-local range (host names are checked again after DNS).
 */
export function urlProblem(raw: string, production: boolean): UrlProblem | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'validation.webhook.url';
  }
  if (url.username || url.password || !url.hostname) return 'validation.webhook.url';
  if (url.protocol === 'http:') {
    if (production || !LOCAL_HOSTS.has(url.hostname.toLowerCase())) return 'validation.webhook.https';
  } else if (url.protocol !== 'https:') {
    return 'validation.webhook.https';
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (production && isIP(host) && !isPublicAddress(host)) return 'validation.webhook.address';
  return null;
}
