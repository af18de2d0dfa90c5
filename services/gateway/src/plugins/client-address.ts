import { isIP } from 'node:net';

/** proxy-addr's names for whole ranges: 127.0.0.0/8 + ::1, 169.254.0.0/16 + fe80::/10, RFC 1918 + fc00::/7. */
const rangeNames = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An IP address, an address/prefix or address/netmask range, or one of proxy-addr's range names. */
export function isProxyAddress(entry: string): boolean {
  if (rangeNames.has(entry)) return true;
  const [address, range, ...rest] = entry.split('/');
  if (rest.length > 0 || !address) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (range === undefined) return true;
  if (/^\d{1,3}$/.test(range)) return Number(range) <= (family === 4 ? 32 : 128);
  return family === 4 && isIP(range) === 4;
}

/**
 * fastify's `trustProxy` for the configured proxies: the client address (per-IP rate limits,
 * logs) is the socket's peer, unless that peer is a trusted proxy; then X-Forwarded-For is read
 * from the right, up to the first address that is not a trusted proxy. Nothing trusted means
 * X-Forwarded-For is ignored, so a client cannot pick its own address.
 */
export function trustProxyOption(trustedProxies: readonly string[]): false | string[] {
  return trustedProxies.length > 0 ? [...trustedProxies] : false;
}
