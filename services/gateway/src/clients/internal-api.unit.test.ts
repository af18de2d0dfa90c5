import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { InvariantViolation } from '@coin/errors';
import { exampleWallet } from '../routes/examples';
import { exampleHoldPage } from '../routes/holds';
import { InternalApi } from './internal-api';
import { InternalHttpClient } from './internal-http';

/** How long a call waits for the local test server: not what these tests assert, and a loaded machine answers late. */
const answerWaitMs = 30_000;

/** A loopback stand-in for one internal service: answers `body` and records the URLs it was asked for. */
async function fakeService(body: () => unknown) {
  const urls: string[] = [];
  const server: Server = createServer((request, response) => {
    urls.push(request.url ?? '');
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, urls, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function apiOver(ledgerBody: () => unknown) {
  const ledger = await fakeService(ledgerBody);
  const nowhere = new InternalHttpClient('http://127.0.0.1:9/', answerWaitMs, async () => 'Bearer t');
  const client = new InternalHttpClient(ledger.url, answerWaitMs, async () => 'Bearer t');
  return { ledger, api: new InternalApi({ ledger: client, users: nowhere, history: nowhere }) };
}

async function rejection(call: Promise<unknown>): Promise<unknown> {
  try {
    await call;
  } catch (err) {
    return err;
  }
  throw new Error('expected a failure');
}

describe('InternalApi: internal reads by the contract table', () => {
  it("when a route is read, then its row's service is asked at the path with its parameters and the query present in the input", async () => {
    const { ledger, api } = await apiOver(() => exampleHoldPage);
    try {
      const page = await api.read('ledger.holds', { userId: 7, limit: 20, offset: 40, status: undefined }, 'req-1');
      expect(page.holds).toHaveLength(1);
      const asked = new URL(ledger.urls[0]!, 'http://x');
      expect([asked.pathname, Object.fromEntries(asked.searchParams)]).toEqual([
        '/internal/holds',
        { userId: '7', limit: '20', offset: '40' },
      ]);
    } finally {
      await ledger.close();
    }
  });

  it('when a path parameter is read, then it is filled in, encoded', async () => {
    const { ledger, api } = await apiOver(() => exampleWallet);
    try {
      expect(await api.read('ledger.wallet', { userId: 42 })).toEqual(exampleWallet);
      expect(ledger.urls).toEqual(['/internal/wallets/by-user/42']);
    } finally {
      await ledger.close();
    }
  });

  it('when the service answers another shape, then an invariant violation (a 500) naming the route and what differs, never the value', async () => {
    const { ledger, api } = await apiOver(() => ({ ...exampleWallet, balance: 'lots' }));
    try {
      const err = await rejection(api.read('ledger.wallet', { userId: 42 }));
      expect(err).toBeInstanceOf(InvariantViolation);
      expect((err as Error).message).toContain('internal route ledger.wallet (GET /internal/wallets/by-user/:userId)');
      expect((err as Error).message).toContain('balance');
    } finally {
      await ledger.close();
    }
  });

  it("when a route's service was not given a client, then an invariant violation naming the service, and nothing is sent", async () => {
    const usersOnly = new InternalApi({ users: new InternalHttpClient('http://127.0.0.1:9/', answerWaitMs, async () => 'Bearer unused') });
    const err = await rejection(usersOnly.read('ledger.treasuries', {}));
    expect(err).toBeInstanceOf(InvariantViolation);
    expect((err as Error).message).toContain('no client for the ledger service');
  });
});

describe('InternalApi: actions on one object (POST or DELETE with its path parameters)', () => {
  it('when an action is sent, then its method, its filled-in path and its body go to its service, and a 204 answers nothing', async () => {
    const asked: Array<{ method: string; url: string; body: string }> = [];
    const server: Server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += String(chunk)));
      request.on('end', () => {
        asked.push({ method: request.method ?? '', url: request.url ?? '', body });
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const webhooks = new InternalHttpClient(
        `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        answerWaitMs,
        async () => 'Bearer t',
      );
      const api = new InternalApi({ webhooks });
      const endpointId = '0f8e3c6a-2b4d-4e1f-9a7c-5d3b1e8f6a20';
      const answer = await api.act('webhooks.delete-endpoint', { params: { clientId: 'pc_a/b', endpointId }, body: {} }, 'req-1');
      expect(answer).toBeUndefined();
      expect(asked).toEqual([{ method: 'DELETE', url: `/internal/webhooks/clients/pc_a%2Fb/endpoints/${endpointId}`, body: '{}' }]);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
