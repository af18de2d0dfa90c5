import { AppError, classifyFailure } from '@coin/errors';
import type { BatchingProducer, Delivered } from '@coin/kafka';
import { createLogger } from '@coin/logger';
import { topicNames, type ConsumedUserEvent } from '@coin/contracts';
import { userDeletionReader, type UserDeletionStatus } from './user-deletions';
import { handleUserEvents } from './user-events';
import { answeringInternalApi, jsonAnswer, stubSigner } from '../../../../test/harness/internal-read-stub';

/** The ledger asks the user service before a user.deleted closes a wallet: the answer, and every failure. */
describe('asking the user service whether a user is deleted', () => {
  const signer = stubSigner('Bearer ledger-token');
  const readerAnswering = (answer: () => Promise<Response>) => {
    const { fetch, calls } = answeringInternalApi(answer);
    return { read: userDeletionReader({ baseUrl: 'http://user:8082', timeoutMs: 100, signer, fetch }), calls };
  };
  const json = jsonAnswer;

  it('when the user service answers, then deleted, live or unknown, asked with the ledger service token', async () => {
    const deleted = readerAnswering(json(200, { userId: 42, deleted: true, deletedAt: '2030-01-01T00:00:00.000Z' }));
    expect(await deleted.read(42)).toBe('deleted');
    expect(deleted.calls).toEqual([{ url: 'http://user:8082/internal/users/42/deletion', authorization: 'Bearer ledger-token' }]);
    expect(await readerAnswering(json(200, { userId: 42, deleted: false, deletedAt: null })).read(42)).toBe('live');
    expect(await readerAnswering(json(404, { code: 'USER_NOT_FOUND' })).read(42)).toBe('unknown');
  });

  it('when the user service fails, refuses the token, answers for another user or nonsense, or cannot be reached, then UNAVAILABLE (transient)', async () => {
    for (const answer of [
      json(503, { code: 'UNAVAILABLE' }),
      json(401, { code: 'UNAUTHENTICATED' }),
      json(404, { code: 'NOT_FOUND' }),
      json(200, { userId: 43, deleted: true }),
      json(200, { userId: 42, deleted: 'yes' }),
      async () => new Response('not json', { status: 200 }),
      async () => {
        throw new TypeError('fetch failed');
      },
    ]) {
      const failure = await readerAnswering(answer)
        .read(42)
        .catch((err: unknown) => err);
      expect(failure).toMatchObject({ code: 'UNAVAILABLE' });
      expect(classifyFailure(failure)).toBe('unavailable');
    }
  });
});

describe('the ledger consumer of user events', () => {
  const topics = topicNames('');
  const deletedEvent = (userId: number): Delivered<ConsumedUserEvent> => ({
    value: {
      eventId: '5f0e6a5c-9d36-4c8b-8a39-2b1f9f0a6c11',
      type: 'user.deleted',
      version: 2,
      occurredAt: '2030-01-01T00:00:00.000Z',
      user: { id: userId, role: 'USER', tokenVersion: 3 },
    } as ConsumedUserEvent,
    key: String(userId),
    headers: {},
    topic: topics.userEventsV2,
    partition: 1,
    offset: '7',
  });
  const run = async (status: UserDeletionStatus | Error) => {
    const sent: Array<{ topic: string; value: string }> = [];
    const producer = {
      send: async (topic: string, message: { value: string }) => void sent.push({ topic, value: String(message.value) }),
      sendMany: async (items: Array<{ topic: string; message: { value: string } }>) =>
        void sent.push(...items.map((i) => ({ topic: i.topic, value: String(i.message.value) }))),
    } as unknown as BatchingProducer;
    const handle = handleUserEvents({
      producer,
      topics,
      now: () => new Date('2030-01-01T00:00:01.000Z'),
      logger: createLogger('test', 'silent'),
      auditRecordIdOf: () => '8d3e1c7a-2b4f-8a61-9c0d-1e2f3a4b5c6d',
      deletionOf: async () => {
        if (status instanceof Error) throw status;
        return status;
      },
    });
    const outcome = await handle([deletedEvent(42)]).catch((err: unknown) => err);
    return { sent, outcome };
  };

  it('when the user service confirms the deletion, then the wallet close is sent to ledger.internal', async () => {
    const { sent, outcome } = await run('deleted');
    expect(outcome).toBeUndefined();
    expect(sent.map((s) => s.topic)).toEqual([topics.ledgerInternal]);
    expect(JSON.parse(sent[0]!.value)).toMatchObject({ type: 'ledger.close-wallet', data: { userId: 42 } });
  });

  it('when the user service says the user is live or unknown, then no close: the event is dead-lettered and its refusal recorded', async () => {
    for (const status of ['live', 'unknown'] as const) {
      const { sent, outcome } = await run(status);
      expect(outcome).toBeUndefined();
      expect(sent.map((s) => s.topic)).toEqual([`${topics.userEventsV2}.dlq`, topics.adminAudit]);
      expect(JSON.parse(sent[1]!.value).record).toMatchObject({
        source: 'ledger',
        action: 'user.deleted',
        target: 'event:5f0e6a5c-9d36-4c8b-8a39-2b1f9f0a6c11',
        errorCode: 'EVENT_REFUSED',
        result: 'rejected',
      });
    }
  });

  it('when the user service cannot answer, then the handler fails transiently (the batch is retried) and nothing is sent', async () => {
    const { sent, outcome } = await run(new AppError('UNAVAILABLE', 'The user service is unavailable: TypeError'));
    expect(classifyFailure(outcome)).toBe('unavailable');
    expect(sent).toEqual([]);
  });
});
