import { clientCredentialsToken, createCoinClient, pages, paginate } from './index';

/** A fake fetch: answers each request with what `answer` makes of it, and records the URLs and bodies. */
function fakeFetch(answer: (request: Request, body: string) => Response) {
  const sent: Array<{ method: string; url: string; body: string; authorization: string | null }> = [];
  const fetch = async (request: Request) => {
    const body = await request.text();
    sent.push({ method: request.method, url: request.url, body, authorization: request.headers.get('authorization') });
    return answer(request, body);
  };
  return { fetch, sent };
}
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('paginate() over the lists of the API', () => {
  /** A holds list of 5 rows served 2 at a time with cursors "c2", "c4", as the gateway answers. */
  const holdsApi = () =>
    fakeFetch((request) => {
      const url = new URL(request.url);
      const start = url.searchParams.has('cursor')
        ? Number(url.searchParams.get('cursor')!.slice(1))
        : Number(url.searchParams.get('offset') ?? 0);
      const rows = [1, 2, 3, 4, 5].slice(start, start + 2).map((n) => ({ id: `hold-${n}` }));
      const next = start + rows.length;
      return json(200, {
        holds: rows,
        pagination: { limit: 2, offset: start, total: 5 },
        hasMore: next < 5,
        nextCursor: next < 5 ? `c${next}` : null,
      });
    });

  it('when a list has three pages, then every item comes once, in order, each next page asked with the cursor and the same filters', async () => {
    const { fetch, sent } = holdsApi();
    const coin = createCoinClient({ baseUrl: 'http://coin.test', accessToken: 't', fetch });
    const ids: string[] = [];
    for await (const hold of paginate(coin.listHolds, { query: { status: 'PENDING', limit: 2 } })) ids.push(hold.id);
    expect(ids).toEqual(['hold-1', 'hold-2', 'hold-3', 'hold-4', 'hold-5']);
    expect(sent.map((s) => s.url)).toEqual([
      'http://coin.test/api/admin/holds?status=PENDING&limit=2',
      'http://coin.test/api/admin/holds?status=PENDING&limit=2&cursor=c2',
      'http://coin.test/api/admin/holds?status=PENDING&limit=2&cursor=c4',
    ]);
  });

  it('when the first page starts at an offset, then later pages are asked by cursor alone (the API refuses both)', async () => {
    const { fetch, sent } = holdsApi();
    const coin = createCoinClient({ baseUrl: 'http://coin.test', fetch });
    const seen: number[] = [];
    for await (const page of pages(coin.listHolds, { query: { limit: 2, offset: 2 } })) seen.push(page.holds.length);
    expect(seen).toEqual([2, 1]);
    expect(sent.map((s) => new URL(s.url).search)).toEqual(['?limit=2&offset=2', '?limit=2&cursor=c4']);
  });

  it('when the caller stops early, then no further page is asked for', async () => {
    const { fetch, sent } = holdsApi();
    const coin = createCoinClient({ baseUrl: 'http://coin.test', fetch });
    for await (const hold of paginate(coin.listHolds, { query: { limit: 2 } })) if (hold.id === 'hold-1') break;
    expect(sent).toHaveLength(1);
  });

  it('when a page says hasMore but gives no cursor, or the same cursor again, then it throws instead of looping or stopping silently', async () => {
    const stuck = fakeFetch(() => json(200, { transactions: [{ id: 1 }], hasMore: true, nextCursor: 'same' }));
    const coin = createCoinClient({ baseUrl: 'http://coin.test', fetch: stuck.fetch });
    const drain = async (items: AsyncIterable<unknown>) => {
      for await (const _ of items);
    };
    await expect(drain(paginate(coin.getMyHistory))).rejects.toThrow(/same cursor/);
    const noCursor = fakeFetch(() => json(200, { transactions: [], hasMore: true, nextCursor: null }));
    await expect(drain(paginate(createCoinClient({ baseUrl: 'http://coin.test', fetch: noCursor.fetch }).getMyHistory))).rejects.toThrow(
      /no nextCursor/,
    );
  });
});

describe('clientCredentialsToken(): a platform client SYSTEM token, fetched and refreshed before it expires', () => {
  function tokenApi() {
    let issued = 0;
    const { fetch, sent } = fakeFetch((request, body) => {
      if (new URL(request.url).pathname === '/api/auth/token') {
        const { clientId, clientSecret } = JSON.parse(body) as { clientId: string; clientSecret: string };
        if (clientId !== 'pc_1' || clientSecret !== 'pcs_secret') return json(401, { status: 401, code: 'INVALID_CLIENT' });
        issued += 1;
        return json(200, { accessToken: `token-${issued}`, tokenType: 'Bearer', expiresIn: 900 });
      }
      return json(201, { transaction: { id: 1 }, wallet: { userId: 2 } });
    });
    return { fetch, sent };
  }

  it('when calls are made within the lifetime, then one token serves them; past lifetime minus the margin, a new one is fetched', async () => {
    const { fetch, sent } = tokenApi();
    let now = 1_000_000;
    const token = clientCredentialsToken({
      baseUrl: 'http://coin.test',
      clientId: 'pc_1',
      clientSecret: 'pcs_secret',
      fetch,
      now: () => now,
    });
    const coin = createCoinClient({ baseUrl: 'http://coin.test', accessToken: token, fetch });

    await coin.rewardUser({ body: { userId: 2, amount: 1, reason: 'r' } });
    now += 800_000; // 100 s left of 900: more than the 60 s margin
    await coin.rewardUser({ body: { userId: 2, amount: 1, reason: 'r' } });
    now += 50_000; // 50 s left: refreshed before it runs out
    await coin.rewardUser({ body: { userId: 2, amount: 1, reason: 'r' } });

    const tokenRequests = sent.filter((s) => s.url.endsWith('/api/auth/token'));
    expect(tokenRequests).toHaveLength(2);
    expect(JSON.parse(tokenRequests[0]!.body)).toEqual({ clientId: 'pc_1', clientSecret: 'pcs_secret' });
    expect(sent.filter((s) => s.url.endsWith('/api/admin/reward')).map((s) => s.authorization)).toEqual([
      'Bearer token-1',
      'Bearer token-1',
      'Bearer token-2',
    ]);
  });

  it('when many calls ask at once, then one token request serves them all; after invalidate() the next call fetches anew', async () => {
    const { fetch, sent } = tokenApi();
    const token = clientCredentialsToken({ baseUrl: 'http://coin.test', clientId: 'pc_1', clientSecret: 'pcs_secret', fetch });
    expect(await Promise.all([token(), token(), token()])).toEqual(['token-1', 'token-1', 'token-1']);
    token.invalidate();
    expect(await token()).toBe('token-2');
    expect(sent).toHaveLength(2);
  });

  it('when the secret is refused, then the call fails with the problem and the next call asks again (a failure is not kept)', async () => {
    const { fetch, sent } = tokenApi();
    const token = clientCredentialsToken({ baseUrl: 'http://coin.test', clientId: 'pc_1', clientSecret: 'wrong', fetch });
    await expect(token()).rejects.toMatchObject({ status: 401 });
    await expect(token()).rejects.toMatchObject({ status: 401 });
    expect(sent).toHaveLength(2);
  });
});
