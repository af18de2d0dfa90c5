import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { superadminSignIn } from './liveness';

/** A gateway whose POST /api/auth/login answers each status of `statuses` in turn (200: a token pair), and counts the calls. */
async function gatewayAnswering(statuses: number[]): Promise<{ url: string; calls: () => number; close: () => Promise<void> }> {
  let calls = 0;
  const server: Server = createServer((request, response) => {
    calls += 1;
    const status = statuses.shift() ?? 500;
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify(
        status === 200
          ? { accessToken: 'the-token', refreshToken: 'r', tokenType: 'Bearer', expiresIn: 900 }
          : { code: status === 503 ? 'UNAVAILABLE' : 'UNAUTHENTICATED', detail: `answered ${status} on ${request.url}` },
      ),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, calls: () => calls, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const superadmin = { email: 'root@example.test', password: 'pw', device: { nextCode: async () => '000000' } };

describe("the liveness probe's superadmin sign-in", () => {
  it('when the gateway answers 503 once, then it signs in again and goes on, the first answer logged', async () => {
    const gateway = await gatewayAnswering([503, 200]);
    const lines: string[] = [];
    try {
      await expect(superadminSignIn(gateway.url, superadmin, (line) => lines.push(line))).resolves.toBe('the-token');
      expect(gateway.calls()).toBe(2);
      expect(lines).toEqual([expect.stringContaining('answered 503, tried again')]);
    } finally {
      await gateway.close();
    }
  });

  it('when the gateway answers 503 twice, or refuses the password, then the sign-in fails', async () => {
    const unavailable = await gatewayAnswering([503, 503, 200]);
    const refusing = await gatewayAnswering([401, 200]);
    try {
      await expect(superadminSignIn(unavailable.url, superadmin, () => undefined)).rejects.toThrow(/: 503 /);
      expect(unavailable.calls()).toBe(2);
      await expect(superadminSignIn(refusing.url, superadmin, () => undefined)).rejects.toThrow(/: 401 /);
      expect(refusing.calls()).toBe(1);
    } finally {
      await Promise.all([unavailable.close(), refusing.close()]);
    }
  });
});
