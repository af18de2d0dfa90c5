import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Readable } from 'node:stream';
import { type CryptoKey, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { Registry } from 'prom-client';
import type { BalanceChanged } from '@coin/contracts';
import { AppError } from '@coin/errors';
import type { App } from '@coin/http';
import { createLogger } from '@coin/logger';
import type { Redis } from '@coin/redis';
import { buildApp, type GatewayDeps } from '../app';
import { InternalHttpClient } from '../clients/internal-http';
import { BalanceFanout } from '../live-balance/fanout';
import { defaultLiveBalance } from './balance-stream';
import { MemoryAdmissionStore } from '../plugins/admission-store';
import { CacheMac, MemoryTokenVersions } from '../testing';

/**
 * The stream routes as a component: the real app of buildApp() answering over app.inject() with
 * the body as a stream, its ledger faked (the two reads a stream starts with), its fan-out a real
 * one with small limits, fed here as the instance's coin.balances consumer feeds it.
 */

/** The ledger's internal reads a stream makes, answered from `wallets` (balance, latest sequence) by user id. */
class FakeLedger extends InternalHttpClient {
  readonly wallets = new Map<number, { balance: number; sequence: number }>();

  constructor() {
    super('http://fake.invalid/', 1, async () => 'Bearer unused');
  }

  override async request<T>(method: 'GET' | 'POST', path: string): Promise<T> {
    const match = /^\/internal\/wallets\/by-user\/(\d+)(\/balance-changes\?.*)?$/.exec(path);
    const wallet = match ? this.wallets.get(Number(match[1])) : undefined;
    if (method !== 'GET' || !match || !wallet) throw new AppError('WALLET_NOT_FOUND', `fake ledger: no ${method} ${path}`);
    if (match[2]) return { changes: [], sequence: wallet.sequence } as T;
    const at = '2026-01-01T00:00:00.000Z';
    return {
      id: randomUUID(),
      userId: Number(match[1]),
      balance: wallet.balance,
      activeCoins: wallet.balance,
      totalReceived: wallet.balance,
      totalSent: 0,
      createdAt: at,
      updatedAt: at,
      frozen: false,
    } as T;
  }
}

/** A streamed body read as it comes: `until(text)` waits for `text` (or the end) and answers all read so far. */
function bodyReader(body: Readable) {
  let text = '';
  let ended = false;
  const waiters = new Set<() => void>();
  const wake = () => {
    for (const waiter of [...waiters]) waiter();
    waiters.clear();
  };
  body.on('data', (chunk: Buffer) => {
    text += chunk.toString('utf8');
    wake();
  });
  body.once('end', () => {
    ended = true;
    wake();
  });
  body.once('error', () => {
    ended = true;
    wake();
  });
  return {
    async until(expected: string): Promise<string> {
      while (!text.includes(expected) && !ended) await new Promise<void>((resolve) => waiters.add(resolve));
      return text;
    },
    async all(): Promise<string> {
      while (!ended) await new Promise<void>((resolve) => waiters.add(resolve));
      return text;
    },
  };
}

describe('balance stream routes (buildApp, fake ledger, real fan-out)', () => {
  const issuer = 'coin-ledger';
  const audience = 'coin-ledger-api';
  let app: App;
  let jwks: Server;
  let privateKey: CryptoKey;
  const ledger = new FakeLedger();
  // Room for two streams on the instance, one per caller: small enough to reach both limits.
  const fanout = new BalanceFanout({ connectionsMax: 2, connectionsPerCallerMax: 1 });

  beforeAll(async () => {
    const pair = await generateKeyPair('EdDSA');
    privateKey = pair.privateKey;
    const publicJwk = { ...(await exportJWK(pair.publicKey)), kid: 'test-key', alg: 'EdDSA', use: 'sig' };
    jwks = createServer((_req, res) => res.setHeader('content-type', 'application/json').end(JSON.stringify({ keys: [publicJwk] })));
    await new Promise<void>((resolve) => jwks.listen(0, '127.0.0.1', resolve));
    const { port } = jwks.address() as AddressInfo;
    const none = {} as never;
    const admissionStore = new MemoryAdmissionStore();
    const rule = { max: 1000, windowMs: 60_000 };
    const deps: GatewayDeps = {
      logger: createLogger('balance-stream-component', 'silent'),
      metrics: new Registry(),
      commands: none,
      users: none,
      ledger,
      history: none,
      auth: {
        jwksUrl: `http://127.0.0.1:${port}/.well-known/jwks.json`,
        issuer,
        audience,
        platformClientActive: async () => true,
        stepUpMaxAgeS: 300,
      },
      bodyBytesMax: 16 * 1024,
      trustedProxies: [],
      redis: { defineCommand: () => undefined } as unknown as Redis,
      admissionStore,
      commandAnswerMac: new CacheMac(randomBytes(32), ''),
      idempotencyLockMs: 10_000,
      apiKeys: none,
      tokenVersions: new MemoryTokenVersions(admissionStore).asStore(),
      rateLimits: { loginPerIp: rule, registerPerIp: rule, credentialsPerIp: rule, writesPerCaller: rule, resendsPerClient: rule },
      loginThrottle: none,
      liveBalance: defaultLiveBalance(fanout),
    };
    app = await buildApp(deps);
    await app.ready();
    ledger.wallets.set(7, { balance: 120.5, sequence: 4 });
    ledger.wallets.set(8, { balance: 0, sequence: 0 });
    ledger.wallets.set(9, { balance: 1, sequence: 1 });
  });

  afterAll(async () => {
    // Its preClose ends every stream still open, so that close does not wait on them.
    await app?.close();
    await new Promise((resolve) => jwks?.close(resolve));
  });

  const userToken = (id: number) =>
    new SignJWT({ role: 'USER', ver: 0 })
      .setProtectedHeader({ alg: 'EdDSA', kid: 'test-key' })
      .setSubject(String(id))
      .setIssuer(issuer)
      .setAudience(audience)
      .setExpirationTime('5m')
      .sign(privateKey);

  const openStream = async (userId: number) =>
    app.inject({
      method: 'GET',
      url: '/api/wallets/me/stream',
      headers: { authorization: `Bearer ${await userToken(userId)}` },
      payloadAsStream: true,
    });

  async function expectRefusal(userId: number, status: number, code: string) {
    const answer = await openStream(userId);
    const body = JSON.parse(await bodyReader(answer.stream()).all()) as Record<string, unknown>;
    expect({
      status: answer.statusCode,
      contentType: answer.headers['content-type'],
      retryAfter: answer.headers['retry-after'],
      body,
    }).toEqual({
      status,
      contentType: expect.stringMatching(/^application\/problem\+json/),
      retryAfter: '5',
      body: expect.objectContaining({ status, code, type: `/problems/${code.toLowerCase().replace(/_/g, '-')}` }),
    });
  }

  it('when a user opens the stream, then text/event-stream, unbuffered and uncached, its first bytes the reconnect delay and the snapshot, then a live change from the fan-out; a second stream of the caller is 429, a third on the full instance 503', async () => {
    const answer = await openStream(7);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers).toMatchObject({
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
    });
    const body = bodyReader(answer.stream());
    const snapshot = 'retry: 2000\n\nid: 4\nevent: snapshot\ndata: {"balance":120.5,"sequence":4}\n\n';
    expect(await body.until('sequence":4}\n\n')).toBe(snapshot);

    const change: BalanceChanged = {
      eventId: randomUUID(),
      type: 'coin.balance.changed',
      version: 1,
      occurredAt: '2026-11-23T10:00:00.000Z',
      wallet: { userId: 7, treasury: null },
      sequence: 5,
      balance: 145.5,
      previousBalance: 120.5,
      transactionId: 9001,
      transactionType: 'TRANSFER',
    };
    fanout.publish('user:7', Buffer.from(JSON.stringify(change)));
    expect(await body.until('"sequence":5')).toBe(
      `${snapshot}id: 5\nevent: balance\ndata: {"sequence":5,"balance":145.5,"previousBalance":120.5,"amount":25,` +
        '"transactionId":9001,"transactionType":"TRANSFER","occurredAt":"2026-11-23T10:00:00.000Z"}\n\n',
    );

    await expectRefusal(7, 429, 'RATE_LIMITED');
    const other = await openStream(8);
    expect(other.statusCode).toBe(200);
    await expectRefusal(9, 503, 'UNAVAILABLE');
  });
});
