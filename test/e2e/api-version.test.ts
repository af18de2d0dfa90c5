import { CoinProblemError, createCoinClient } from '@coin/client';
import { currentApiVersion } from '@coin/contracts';
import { createPlatformClientWithCli } from '../harness/admin';
import { eventually } from '../harness/eventually';
import { http, registerUser } from '../harness/http';
import { startTestStack, type TestStack } from '../harness/stack';

/** Coin-Version (docs/VERSIONING.md "Pinning a version"): a platform client's pin, and a version the API does not serve. */
describe('Coin-Version: pinned versions, end to end', () => {
  let stack: TestStack;
  let accessToken: string;

  beforeAll(async () => {
    stack = await startTestStack();
    const client = await createPlatformClientWithCli(stack, 'versions-shop');
    const response = await fetch(new URL('/api/auth/token', stack.gatewayUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: client.clientId,
        client_secret: client.clientSecret,
      }).toString(),
    });
    accessToken = ((await response.json()) as { access_token: string }).access_token;
  }, 90_000);
  afterAll(async () => {
    await stack?.close();
  });

  /** A client whose answers' Coin-Version headers are kept. */
  function client(version?: string) {
    const versions: Array<string | null> = [];
    const coin = createCoinClient({
      baseUrl: stack.gatewayUrl,
      accessToken,
      ...(version ? { version } : {}),
      fetch: async (request) => {
        const response = await fetch(request);
        versions.push(response.headers.get('coin-version'));
        return response;
      },
    });
    return { coin, versions };
  }

  it('when a platform client is created, then its tokens carry the version it was created with, and its answers are that version', async () => {
    const claims = JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
    expect(claims.coin_version).toBe(currentApiVersion);
    const { coin, versions } = client();
    await expect(coin.getCommandStatus('never-used')).resolves.toEqual({ status: 'UNKNOWN' });
    expect(versions).toEqual([currentApiVersion]);
  });

  it('when @coin/client is pinned to the current version, then it is sent and echoed', async () => {
    const { coin, versions } = client(currentApiVersion);
    await expect(coin.getCommandStatus('never-used')).resolves.toEqual({ status: 'UNKNOWN' });
    expect(versions).toEqual([currentApiVersion]);
  });

  it('when a read is pinned to 3.0.0, then the field 3.1.0 added to its answer is absent; unpinned or on the newest it is there', async () => {
    const user = await registerUser(stack.gatewayUrl);
    const walletAs = async (version?: string) => {
      const answer = await http(stack.gatewayUrl, 'GET', '/api/wallets/me', {
        token: user.accessToken,
        ...(version ? { headers: { 'coin-version': version } } : {}),
      });
      return answer.status === 200
        ? { version: answer.headers.get('coin-version'), body: answer.body as Record<string, unknown> }
        : undefined;
    };
    const as300 = await eventually(() => walletAs('3.0.0'), 30_000, 'the user’s wallet');
    expect(as300.version).toBe('3.0.0');
    expect(as300.body).toMatchObject({ userId: user.userId, balance: 0 });
    expect(as300.body).not.toHaveProperty('frozen');
    for (const version of [currentApiVersion, undefined]) {
      const newest = await walletAs(version);
      expect(newest?.version).toBe(currentApiVersion);
      expect(newest?.body).toMatchObject({ userId: user.userId, balance: 0, frozen: false });
    }
  });

  it('when @coin/client is pinned to a version the API does not serve, then 400 VALIDATION_FAILED listing the supported ones', async () => {
    const { coin } = client('2.0.0');
    const error = await coin.getCommandStatus('never-used').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CoinProblemError);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      detail: `Unsupported Coin-Version; supported versions: ${currentApiVersion}, 3.0.0`,
    });
  });
});
