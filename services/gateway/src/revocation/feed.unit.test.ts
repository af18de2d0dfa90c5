import { eventuallyHolds } from '../../../../test/harness/eventually';
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
      waitMs: 0,
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
      waitMs: 0,
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
        waitMs: 0,
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

  it('when reads are held, then the first asks for no wait, later ones for the hold, and one after a failure again for none', async () => {
    const revocations = new Revocations({ userWindowMs: 60_000, usersMax: 10 });
    const waits: number[] = [];
    let reads = 0;
    const feed = new RevocationFeed({
      read: async (_known, waitMs) => {
        waits.push(waitMs);
        reads += 1;
        if (reads === 3) throw new Error('user service down');
        return answer([], 0, [], 0);
      },
      stopWebhooks: async () => undefined,
      revocations,
      waitMs: 20_000,
      intervalMs: 60_000,
      logger,
    });
    await feed.pollOnce();
    await feed.pollOnce();
    await expect(feed.pollOnce()).rejects.toThrow('user service down');
    await feed.pollOnce();
    await feed.pollOnce();
    expect(waits).toEqual([0, 20_000, 20_000, 0, 20_000]);
  });

  it('when a held read is answered, then the next is asked at once, not a poll interval later', async () => {
    const revocations = new Revocations({ userWindowMs: 60_000, usersMax: 10 });
    const answers: Array<(list: RevocationList) => void> = [];
    const feed = new RevocationFeed({
      read: (_known, waitMs, signal) =>
        waitMs === 0
          ? Promise.resolve(answer([], 0, [], 0))
          : new Promise((resolve, reject) => {
              answers.push(resolve);
              signal.addEventListener('abort', () => reject(new Error('aborted')));
            }),
      stopWebhooks: async () => undefined,
      revocations,
      waitMs: 20_000,
      // A minute between reads that are not held: the revocation below is not learnt that way.
      intervalMs: 60_000,
      logger,
    });
    await feed.start();
    await eventuallyHolds(() => expect(answers).toHaveLength(1), 2000);
    // The user service answers the held read: a key was revoked.
    answers[0]!(answer(['k9'], 1, [], 0));
    await eventuallyHolds(() => expect(revocations.apiKeyRevoked('k9')).toBe(true), 2000);
    await eventuallyHolds(() => expect(answers).toHaveLength(2), 2000);
    await feed.stop();
  });

  it('when stopped while a held read is in flight, then the read is aborted and the stop does not wait for its answer', async () => {
    const revocations = new Revocations({ userWindowMs: 60_000, usersMax: 10 });
    let held = false;
    let aborted = false;
    const feed = new RevocationFeed({
      read: (_known, waitMs, signal) =>
        waitMs === 0
          ? Promise.resolve(answer([], 0, [], 0))
          : new Promise((_resolve, reject) => {
              held = true;
              signal.addEventListener('abort', () => {
                aborted = true;
                reject(new Error('aborted'));
              });
            }),
      stopWebhooks: async () => undefined,
      revocations,
      waitMs: 20_000,
      intervalMs: 60_000,
      logger,
      failed: () => {
        throw new Error('a stop is not a failed read');
      },
    });
    await feed.start();
    // Stopped once the held read is in flight: a fixed wait is a guess a busy machine can outlast.
    await eventuallyHolds(() => expect(held).toBe(true));
    expect(aborted).toBe(false);
    await feed.stop();
    expect(aborted).toBe(true);
  });
});
