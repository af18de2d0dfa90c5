import { createLogger } from '@coin/logger';
import { clientTableOf, eventClientScopes, PlatformClientDirectory } from './client-directory';

const logger = createLogger('webhooks-test', 'silent');
const signer = { authorizationFor: () => async () => 'Bearer t' };
const client = (id: string, treasuries: string[], revokedAt: string | null = null) => ({
  id,
  name: id,
  createdAt: '2026-01-01T00:00:00.000Z',
  revokedAt,
  treasuries,
  dailyRewardCap: null,
  cashout: false,
});

/** A user service answering `lists` in turn (the last one again once they run out), counting the reads. */
function userService(...lists: ReturnType<typeof client>[][]) {
  const reads: { url: string; authorization: string | null }[] = [];
  const fetchStub = (async (url: URL, init?: RequestInit) => {
    reads.push({ url: String(url), authorization: new Headers(init?.headers).get('authorization') });
    const list = lists[Math.min(reads.length - 1, lists.length - 1)];
    return new Response(JSON.stringify({ platformClients: list }), { headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return { reads, fetch: fetchStub };
}

const directoryOf = (users: ReturnType<typeof userService>, space: 'live' | 'test' = 'live') =>
  new PlatformClientDirectory({
    baseUrl: 'http://user:8082',
    space,
    refreshIntervalMs: 3_600_000,
    timeoutMs: 1000,
    signer,
    logger,
    fetch: users.fetch,
  });

describe('the platform clients the webhooks service records events for', () => {
  it('when the user service lists clients, then the live ones of the space are known with their grants and the revoked ones apart', () => {
    const table = clientTableOf(
      [client('shop', ['REWARDS']), client('gone', ['REWARDS'], '2026-02-01T00:00:00.000Z'), client('test_shop', ['REWARDS'])],
      'live',
    );
    expect([...table.live]).toEqual([['shop', ['REWARDS']]]);
    expect([...table.revoked]).toEqual(['gone']);
    expect([...clientTableOf([client('shop', []), client('test_shop', ['OPERATIONS'])], 'test').live]).toEqual([
      ['test_shop', ['OPERATIONS']],
    ]);
  });

  it('when the scopes are made, then a listed client counts without an endpoint, an endpoint’s client not listed yet counts too, and a revocation by either account removes it', () => {
    const table = clientTableOf([client('listed', ['REWARDS']), client('revoked', ['REWARDS'], '2026-02-01T00:00:00.000Z')], 'live');
    const withEndpoints = [
      { clientId: 'revoked', treasuries: ['REWARDS'] },
      { clientId: 'new', treasuries: ['OPERATIONS'] },
      { clientId: 'reported', treasuries: ['REWARDS'] },
    ];
    expect(eventClientScopes(table, withEndpoints, new Set(['reported']))).toEqual([
      { clientId: 'listed', treasuries: ['REWARDS'] },
      { clientId: 'new', treasuries: ['OPERATIONS'] },
    ]);
    expect(eventClientScopes(table, [], new Set(['listed']))).toEqual([]);
  });

  it('when it starts, then it reads the user service’s list with its own service token', async () => {
    const users = userService([client('shop', ['REWARDS'])]);
    const directory = directoryOf(users);
    await directory.start();
    expect(users.reads).toEqual([{ url: 'http://user:8082/internal/platform-clients', authorization: 'Bearer t' }]);
    expect([...directory.current().live.keys()]).toEqual(['shop']);
    await directory.stop();
  });

  it('when an event names a client it does not know, then it reads the list again at once, and a client the user service does not know either costs no second read', async () => {
    const users = userService([client('shop', ['REWARDS'])], [client('shop', ['REWARDS']), client('fresh', ['REWARDS'])]);
    const directory = directoryOf(users);
    await directory.start();
    const table = await directory.learn(['shop', 'fresh']);
    expect([...table.live.keys()].sort()).toEqual(['fresh', 'shop']);
    expect(users.reads).toHaveLength(2);
    await directory.learn(['shop', 'fresh', 'nobody']);
    expect(users.reads).toHaveLength(3);
    await directory.learn(['nobody', 'test_other-space']);
    expect(users.reads).toHaveLength(3);
    await directory.stop();
  });

  it('when an event names a client while a read that left before its registration is under way, then it reads once more', async () => {
    const users = userService(
      [client('shop', ['REWARDS'])],
      [client('shop', ['REWARDS'])],
      [client('shop', []), client('fresh', ['REWARDS'])],
    );
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const directory = new PlatformClientDirectory({
      baseUrl: 'http://user:8082',
      space: 'live',
      refreshIntervalMs: 3_600_000,
      timeoutMs: 1000,
      signer,
      logger,
      // The second read (the periodic one, say) answers only once released.
      fetch: (async (url: URL, init?: RequestInit) => {
        const answer = users.fetch(url, init);
        if (users.reads.length === 2) await held;
        return answer;
      }) as typeof fetch,
    });
    await directory.start();
    const periodic = directory.refresh();
    const learning = directory.learn(['fresh']);
    release();
    await periodic;
    expect([...(await learning).live.keys()].sort()).toEqual(['fresh', 'shop']);
    expect(users.reads).toHaveLength(3);
    await directory.stop();
  });

  it('when the user service cannot be read, then the clients last read stand', async () => {
    let fail = false;
    const users = userService([client('shop', ['REWARDS'])]);
    const directory = new PlatformClientDirectory({
      baseUrl: 'http://user:8082',
      space: 'live',
      refreshIntervalMs: 3_600_000,
      timeoutMs: 1000,
      signer,
      logger,
      fetch: (async (url: URL, init?: RequestInit) =>
        fail ? new Response('no', { status: 503 }) : users.fetch(url, init)) as typeof fetch,
    });
    await directory.start();
    fail = true;
    await directory.refresh();
    expect([...directory.current().live.keys()]).toEqual(['shop']);
    await directory.stop();
  });
});
