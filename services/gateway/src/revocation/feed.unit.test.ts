import { createLogger } from '@coin/logger';
import type { RevocationList } from '@coin/contracts';
import { RevocationFeed } from './feed';
import { Revocations } from './revocations';

const logger = createLogger('revocation-feed-test', 'silent');

describe("RevocationFeed: the user service's revoked keys and clients, polled into this instance's memory", () => {
  const answer = (apiKeys: string[] | null, keyCount: number, clients: string[] | null, clientCount: number): RevocationList => ({
    apiKeys: { revoked: keyCount, ids: apiKeys },
    platformClients: { revoked: clientCount, ids: clients },
  });

  it('when the lists arrive, then the sets hold them, the next poll says the counts it holds, and the revoked clients are told to the webhooks service once', async () => {
    const revocations = new Revocations({ userWindowMs: 60_000, usersMax: 10 });
    const asked: Array<{ apiKeys: number; platformClients: number }> = [];
    const answers = [answer(['k1'], 1, ['pc_a', 'not a webhook id'], 2), answer(null, 1, ['pc_b', 'pc_a', 'not a webhook id'], 3)];
    const told: string[][] = [];
    const feed = new RevocationFeed({
      read: async (known) => {
        asked.push({ ...known });
        return answers.shift()!;
      },
      stopWebhooks: async (ids) => void told.push(ids),
      revocations,
      intervalMs: 60_000,
      logger,
    });
    await feed.pollOnce();
    await feed.pollOnce();
    expect(asked).toEqual([
      { apiKeys: -1, platformClients: -1 },
      { apiKeys: 1, platformClients: 2 },
    ]);
    expect([revocations.apiKeyRevoked('k1'), revocations.clientRevoked('pc_a'), revocations.clientRevoked('pc_b')]).toEqual([
      true,
      true,
      true,
    ]);
    expect(told).toEqual([['pc_a'], ['pc_b']]);
  });

  it('when the webhooks service cannot be told, then the sets are still updated, and the clients are told at the next poll', async () => {
    const revocations = new Revocations({ userWindowMs: 60_000, usersMax: 10 });
    let webhooksUp = false;
    const told: string[][] = [];
    const feed = new RevocationFeed({
      read: async () => answer([], 0, ['pc_a'], 1),
      stopWebhooks: async (ids) => {
        if (!webhooksUp) throw new Error('webhooks service down');
        told.push(ids);
      },
      revocations,
      intervalMs: 60_000,
      logger,
    });
    await expect(feed.pollOnce()).rejects.toThrow('webhooks service down');
    expect(revocations.clientRevoked('pc_a')).toBe(true);
    webhooksUp = true;
    await feed.pollOnce();
    expect(told).toEqual([['pc_a']]);
  });

  it('when a poll fails, then the sets known so far stay, the failure is counted, and the feed polls again', async () => {
    jest.useFakeTimers();
    try {
      const revocations = new Revocations({ userWindowMs: 60_000, usersMax: 10 });
      let failures = 0;
      let polls = 0;
      const feed = new RevocationFeed({
        read: async () => {
          polls += 1;
          if (polls === 2) throw new Error('user service down');
          return answer(['k1'], 1, [], 0);
        },
        stopWebhooks: async () => undefined,
        revocations,
        intervalMs: 1000,
        logger,
        failed: () => (failures += 1),
      });
      await feed.start();
      await jest.advanceTimersByTimeAsync(1000);
      expect([polls, failures, revocations.apiKeyRevoked('k1')]).toEqual([2, 1, true]);
      await jest.advanceTimersByTimeAsync(1000);
      expect(polls).toBe(3);
      await feed.stop();
      await jest.advanceTimersByTimeAsync(5000);
      expect(polls).toBe(3);
    } finally {
      jest.useRealTimers();
    }
  });
});
