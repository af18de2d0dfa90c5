import ipaddr from 'ipaddr.js';

/**
 * Where the webhooks service may send (docs/DESIGN.md "Webhooks", SSRF): https to public unicast
 * addresses only. An operator may allow http and private networks (WEBHOOKS_ALLOW_HTTP,
 * WEBHOOKS_ALLOW_PRIVATE_NETWORKS: a local stack, a test receiver); a client never can.
 */
export interface OutboundPolicy {
  allowHttp: boolean;
  allowPrivateNetworks: boolean;
}

export type UrlRefusal =
  | 'invalid_url'
  | 'too_long'
  | 'https_required'
  | 'credentials_in_url'
  | 'fragment_not_allowed'
  | 'private_address'
  | 'unresolvable';

export const endpointUrlMaxLength = 2048;

/** 4 or 6 for an IP literal (dotted quad, or IPv6 without brackets), 0 for a name. */
function ipFamily(host: string): 0 | 4 | 6 {
  if (ipaddr.IPv4.isValidFourPartDecimal(host)) return 4;
  return ipaddr.IPv6.isValid(host) ? 6 : 0;
}

/**
 * The URL as registered, checked without the network: the scheme, no userinfo (it would be sent
 * as credentials), no fragment, and an IP literal or a localhost name against the address rule.
 * A name is checked again, resolved, before every attempt (resolveAllowedAddress).
 */
export function checkEndpointUrl(raw: string, policy: OutboundPolicy): { ok: true; url: string } | { ok: false; reason: UrlRefusal } {
  if (raw.length > endpointUrlMaxLength) return { ok: false, reason: 'too_long' };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'invalid_url' };
  }
  if (url.protocol !== 'https:' && !(policy.allowHttp && url.protocol === 'http:')) return { ok: false, reason: 'https_required' };
  if (url.username || url.password) return { ok: false, reason: 'credentials_in_url' };
  if (url.hash) return { ok: false, reason: 'fragment_not_allowed' };
  const host = hostOf(url);
  if (!host) return { ok: false, reason: 'invalid_url' };
  if (ipFamily(host) !== 0) {
    if (!addressAllowed(host, policy.allowPrivateNetworks)) return { ok: false, reason: 'private_address' };
  } else if (!policy.allowPrivateNetworks && (host === 'localhost' || host.endsWith('.localhost'))) {
    return { ok: false, reason: 'private_address' };
  }
  return { ok: true, url: raw };
}

/** The host as a resolver or a socket takes it: an IPv6 literal without its brackets, lower case. */
export function hostOf(url: URL): string {
  const host = url.hostname.toLowerCase();
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}

/**
 * Whether a connection to `ip` is allowed: a public unicast address, or, when the operator
 * allows private networks, any unicast one (never unspecified, broadcast or multicast). An
 * IPv4-mapped IPv6 address is judged as the IPv4 address it carries.
 */
export function addressAllowed(ip: string, allowPrivateNetworks: boolean): boolean {
  if (!ipaddr.isValid(ip)) return false;
  const address = ipaddr.process(ip);
  const range = address.range();
  if (range === 'unicast') return true;
  if (!allowPrivateNetworks) return false;
  return !['unspecified', 'broadcast', 'multicast', 'reserved'].includes(range);
}

export type Lookup = (hostname: string) => Promise<ReadonlyArray<{ address: string; family: number }>>;

/**
 * Resolves a name and picks the address to connect to. Every address the name has must be
 * allowed: a name that also resolves to 127.0.0.1 is refused rather than tried on its public
 * address, since the next resolution may pick the other one. The caller connects to the address
 * returned (not to the name again), so a second answer of the DNS cannot redirect it.
 */
export async function resolveAllowedAddress(
  hostname: string,
  allowPrivateNetworks: boolean,
  lookup: Lookup,
): Promise<{ ok: true; address: string; family: number } | { ok: false; reason: 'private_address' | 'unresolvable' }> {
  const family = ipFamily(hostname);
  if (family !== 0) {
    return addressAllowed(hostname, allowPrivateNetworks)
      ? { ok: true, address: hostname, family }
      : { ok: false, reason: 'private_address' };
  }
  let addresses: ReadonlyArray<{ address: string; family: number }>;
  try {
    addresses = await lookup(hostname);
  } catch {
    return { ok: false, reason: 'unresolvable' };
  }
  const first = addresses[0];
  if (!first) return { ok: false, reason: 'unresolvable' };
  if (!addresses.every((a) => addressAllowed(a.address, allowPrivateNetworks))) return { ok: false, reason: 'private_address' };
  return { ok: true, address: first.address, family: first.family };
}
