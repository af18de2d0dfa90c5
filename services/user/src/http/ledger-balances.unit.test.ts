import { ledgerBalanceReader } from './ledger-balances';
import { answeringInternalApi, jsonAnswer, stubSigner } from '../../../../test/harness/internal-read-stub';

/** The balance read of a deletion against a stubbed ledger: the figure, "no wallet", and every failure. */
describe('reading a balance from the ledger', () => {
  const signer = stubSigner('Bearer service-token');
  const readerAnswering = (answer: () => Promise<Response>) => {
    const { fetch, calls } = answeringInternalApi(answer);
    return { read: ledgerBalanceReader({ baseUrl: 'http://ledger:8083', timeoutMs: 100, signer, fetch }), calls };
  };
  const json = jsonAnswer;

  it('when the ledger answers the wallet, then its balance (held coins included) in minor units, asked with the service token', async () => {
    const { read, calls } = readerAnswering(json(200, { balance: 10_000.07, activeCoins: 9_000 }));
    expect(await read(42)).toBe(1_000_007);
    expect(calls).toEqual([{ url: 'http://ledger:8083/internal/wallets/by-user/42', authorization: 'Bearer service-token' }]);
  });

  it('when the user has no wallet, then 0', async () => {
    expect(await readerAnswering(json(404, { code: 'WALLET_NOT_FOUND' })).read(42)).toBe(0);
  });

  it('when the ledger fails, refuses the token, answers nonsense or cannot be reached, then UNAVAILABLE (transient: retried, never decided)', async () => {
    for (const answer of [
      json(503, { code: 'UNAVAILABLE' }),
      json(401, { code: 'UNAUTHENTICATED' }),
      json(404, { code: 'NOT_FOUND' }),
      json(200, { balance: 'lots' }),
      json(200, { balance: -1 }),
      async () => new Response('not json', { status: 200 }),
      async () => {
        throw new TypeError('fetch failed');
      },
    ]) {
      await expect(readerAnswering(answer).read(42)).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    }
  });

  it('when the ledger cannot be reached, then the error says how (a refused connection, not only "TypeError") for the on-call log', async () => {
    const refused = async () => {
      throw new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) });
    };
    await expect(readerAnswering(refused).read(42)).rejects.toMatchObject({
      code: 'UNAVAILABLE',
      message: 'The ledger is unavailable: TypeError (ECONNREFUSED)',
    });
  });
});
