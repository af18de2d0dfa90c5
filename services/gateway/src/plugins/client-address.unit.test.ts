import { generateKeyPairSync } from 'node:crypto';
import Fastify from 'fastify';
import { loadGatewayConfig } from '../config';

/** Any valid CACHE_MAC_SECRET: the gateway configuration has no default for it. */
const secret = 'c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0LXNlY3JldC0xMjM0NTY3OA';
import { isProxyAddress, trustProxyOption } from './client-address';

/** The client address a real fastify server sees for a request from 127.0.0.1 (the socket peer). */
async function clientAddressSeen(trustedProxies: string[], forwardedFor?: string): Promise<string> {
  const app = Fastify({ trustProxy: trustProxyOption(trustedProxies) });
  app.get('/ip', async (request) => ({ ip: request.ip }));
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  try {
    const response = await fetch(`${url}/ip`, { headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {} });
    return ((await response.json()) as { ip: string }).ip;
  } finally {
    await app.close();
  }
}

describe('client address behind proxies (GATEWAY_TRUSTED_PROXIES)', () => {
  it('when no proxy is trusted, then X-Forwarded-For is ignored and the socket address is the client', async () => {
    expect(await clientAddressSeen([], '203.0.113.7')).toBe('127.0.0.1');
  });

  it('when the peer is a trusted proxy, then the client is the rightmost untrusted X-Forwarded-For address', async () => {
    expect(await clientAddressSeen(['loopback'], '203.0.113.7')).toBe('203.0.113.7');
    // A client's own forged entry (left) is not believed past the address the proxy saw (right).
    expect(await clientAddressSeen(['127.0.0.1'], '198.51.100.1, 203.0.113.7')).toBe('203.0.113.7');
    // Two trusted hops (e.g. a load balancer, then the Ingress controller).
    expect(await clientAddressSeen(['127.0.0.0/8', '203.0.113.0/24'], '198.51.100.1, 203.0.113.7')).toBe('198.51.100.1');
    expect(await clientAddressSeen(['127.0.0.1'])).toBe('127.0.0.1');
  });

  it('when the peer is not a trusted proxy, then its X-Forwarded-For is ignored', async () => {
    expect(await clientAddressSeen(['10.0.0.0/8', 'uniquelocal'], '203.0.113.7')).toBe('127.0.0.1');
  });

  it('when the setting holds something that is not an address or range, then the configuration is refused', () => {
    // The keys without a default: the gateway's service-token key and its cache MAC secret.
    const required = {
      CACHE_MAC_SECRET: secret,
      SERVICE_TOKEN_PRIVATE_KEY: generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    };
    expect(loadGatewayConfig(required).GATEWAY_TRUSTED_PROXIES).toEqual([]);
    expect(
      loadGatewayConfig({ ...required, GATEWAY_TRUSTED_PROXIES: '10.0.0.0/8, loopback,::1,192.168.0.0/255.255.0.0' })
        .GATEWAY_TRUSTED_PROXIES,
    ).toEqual(['10.0.0.0/8', 'loopback', '::1', '192.168.0.0/255.255.0.0']);
    for (const bad of ['*', 'true', '10.0.0.0/33', 'ingress.local', '10.0.0.0/8/1', 'fe80::/129']) {
      expect(isProxyAddress(bad)).toBe(false);
      expect(() => loadGatewayConfig({ CACHE_MAC_SECRET: secret, GATEWAY_TRUSTED_PROXIES: bad })).toThrow(/GATEWAY_TRUSTED_PROXIES/);
    }
  });
});
