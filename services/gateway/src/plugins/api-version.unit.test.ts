import { currentApiVersion } from '@coin/contracts';
import { installProblemHandler } from '@coin/http';
import Fastify from 'fastify';
import type { Principal } from './access';
import {
  answerAs300,
  registerApiVersion,
  type ResponseShapes,
  responseShapes,
  shapedBody,
  supportedVersions,
  versionOf,
} from './api-version';

/**
 * A synthetic table for the plugin's mechanics (the served one is tested below): in "3.1.0" a
 * wallet has `frozen`, which "3.0.0" does not know.
 */
const shapes: ResponseShapes = {
  '3.0.0': {
    getWallet: (body) => {
      const { frozen: _frozen, ...older } = body as Record<string, unknown>;
      return older;
    },
  },
  '3.1.0': {},
};

describe('Coin-Version: parsing', () => {
  it('when no header is sent, then the pinned version if served, else the newest', () => {
    expect(versionOf(undefined, undefined, shapes)).toBe('3.1.0');
    expect(versionOf(undefined, '3.0.0', shapes)).toBe('3.0.0');
    expect(versionOf(undefined, '2.0.0', shapes)).toBe('3.1.0');
  });

  it('when the header names a served version, then that one (spaces around it allowed)', () => {
    expect(versionOf('3.0.0', '3.1.0', shapes)).toBe('3.0.0');
    expect(versionOf(' 3.1.0 ', undefined, shapes)).toBe('3.1.0');
  });

  it.each([['2.0.0'], ['v3.0.0'], ['3.0'], ['3.0.0-beta'], ['03.0.0'], [''], [['3.0.0', '3.1.0']]])(
    'when the header is %j, then 400 VALIDATION_FAILED listing the supported versions',
    (header) => {
      expect(() => versionOf(header, undefined, shapes)).toThrow(
        expect.objectContaining({
          code: 'VALIDATION_FAILED',
          message: 'Unsupported Coin-Version; supported versions: 3.1.0, 3.0.0',
        }),
      );
    },
  );

  it('when versions are listed, then newest first by semantic version', () => {
    expect(supportedVersions({ '3.0.0': {}, '10.0.0': {}, '3.10.0': {}, '3.2.0': {} })).toEqual(['10.0.0', '3.10.0', '3.2.0', '3.0.0']);
  });
});

describe('Coin-Version: the plugin (a synthetic table)', () => {
  async function app(principal?: Principal) {
    const app = Fastify();
    installProblemHandler(app);
    app.addHook('onRequest', async (request) => {
      if (principal) request.principal = principal;
    });
    registerApiVersion(app, shapes);
    app.get('/api/wallet', { schema: { operationId: 'getWallet' } }, async () => ({ balance: 5, frozen: false }));
    app.get('/api/other', { schema: { operationId: 'getOther' } }, async () => ({ frozen: true }));
    await app.ready();
    return app;
  }
  const system: Principal = { kind: 'system', subject: 'shop', role: 'SYSTEM', tokenVersion: 0, apiVersion: '3.0.0' };

  it("when a platform client pinned to 3.0.0 asks without the header, then its version's shape and Coin-Version: 3.0.0", async () => {
    const answer = await (await app(system)).inject({ method: 'GET', url: '/api/wallet' });
    expect({ version: answer.headers['coin-version'], body: answer.json() }).toEqual({ version: '3.0.0', body: { balance: 5 } });
  });

  it('when the header asks for the newest, then the newest shape; an operation the version does not shape is as it is', async () => {
    const pinned = await app(system);
    const newest = await pinned.inject({ method: 'GET', url: '/api/wallet', headers: { 'coin-version': '3.1.0' } });
    expect({ version: newest.headers['coin-version'], body: newest.json() }).toEqual({
      version: '3.1.0',
      body: { balance: 5, frozen: false },
    });
    expect((await pinned.inject({ method: 'GET', url: '/api/other' })).json()).toEqual({ frozen: true });
  });

  it('when the header is not a served version, then 400 problem+json naming the header and the supported versions', async () => {
    const answer = await (await app()).inject({ method: 'GET', url: '/api/wallet', headers: { 'coin-version': '1.0.0' } });
    expect(answer.statusCode).toBe(400);
    expect(answer.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(answer.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      detail: 'Unsupported Coin-Version; supported versions: 3.1.0, 3.0.0',
      errors: [{ path: 'headers.coin-version' }],
    });
  });
});

describe('Coin-Version: the served versions', () => {
  it("when 3.0.0 is asked for, then every answer loses what 3.1.0 added: a wallet's frozen, a transaction's splitOf, a purchase's commission", () => {
    const purchase = {
      transaction: { id: 9, type: 'PURCHASE', amount: 90, splitOf: undefined, reference: 'r' },
      wallet: { userId: 7, balance: 10, frozen: false },
      commission: { id: 10, type: 'TRANSFER', amount: 10, splitOf: 9 },
    };
    expect(shapedBody(responseShapes, '3.0.0', 'purchase', purchase)).toEqual({
      transaction: { id: 9, type: 'PURCHASE', amount: 90, reference: 'r' },
      wallet: { userId: 7, balance: 10 },
    });
    const page = { transactions: [{ id: 10, type: 'TRANSFER', amount: 10, splitOf: 9 }], hasMore: false };
    expect(shapedBody(responseShapes, '3.0.0', 'listMyTransactions', page)).toEqual({
      transactions: [{ id: 10, type: 'TRANSFER', amount: 10 }],
      hasMore: false,
    });
    // A field named alike elsewhere stays: only wallets and transactions lost those fields.
    expect(answerAs300({ case: { frozen: true, splitOf: 3 } })).toEqual({ case: { frozen: true, splitOf: 3 } });
  });

  it('when the newest is asked for, then answers are as they are', () => {
    const wallet = { wallet: { balance: 10, frozen: true } };
    expect(shapedBody(responseShapes, currentApiVersion, 'getMyWallet', wallet)).toBe(wallet);
    expect(supportedVersions(responseShapes)).toEqual([currentApiVersion, '3.0.0']);
  });
});
