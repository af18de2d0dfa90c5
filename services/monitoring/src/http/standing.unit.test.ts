import { AppError } from '@coin/errors';
import { standingReader } from './standing';
import { answeringInternalApi, jsonAnswer, stubSigner } from '../../../../test/harness/internal-read-stub';

/** Monitoring asks the user service where a person who asks for a step stands now: the answer, and every failure. */
describe('asking the user service where a person stands', () => {
  const signer = stubSigner('Bearer monitoring-token');
  const readerAnswering = (answer: () => Promise<Response>) => {
    const { fetch, calls } = answeringInternalApi(answer);
    return { read: standingReader({ baseUrl: 'http://user:8082', timeoutMs: 100, signer, fetch }), calls };
  };
  const json = jsonAnswer;
  const user = {
    id: 42,
    email: 'ada@example.com',
    fullName: 'Ada',
    role: 'ADMIN',
    isVerified: true,
    createdAt: '2030-01-01T00:00:00.000Z',
    tokenVersion: 3,
  };

  it("when the user service answers, then the person's token version and role, or unknown for no live account, asked with monitoring's service token", async () => {
    const found = readerAnswering(json(200, user));
    expect(await found.read('42')).toEqual({ tokenVersion: 3, role: 'ADMIN' });
    expect(found.calls).toEqual([{ url: 'http://user:8082/internal/users/42', authorization: 'Bearer monitoring-token' }]);
    expect(await readerAnswering(json(404, { code: 'USER_NOT_FOUND' })).read('42')).toBe('unknown');
  });

  it('when the user service fails, refuses the token, answers for another person or nonsense, or cannot be reached, then UNAVAILABLE: the step is never taken without its word', async () => {
    for (const answer of [
      json(503, { code: 'UNAVAILABLE' }),
      json(401, { code: 'UNAUTHENTICATED' }),
      json(404, { code: 'NOT_FOUND' }),
      json(200, { ...user, id: 43 }),
      json(200, { ...user, tokenVersion: -1 }),
      json(200, { ...user, role: 'OWNER' }),
      json(200, { ...user, tokenVersion: '3' }),
      async () => new Response('not json', { status: 200 }),
      async () => {
        throw new TypeError('fetch failed');
      },
    ]) {
      const failed = await readerAnswering(answer)
        .read('42')
        .catch((err: unknown) => err);
      expect(failed).toBeInstanceOf(AppError);
      expect((failed as AppError).code).toBe('UNAVAILABLE');
    }
  });

  it('when the id the call names is not a number, then it is sent escaped in one path segment, never as a path of its own', async () => {
    const reader = readerAnswering(json(404, { code: 'USER_NOT_FOUND' }));
    expect(await reader.read('../platform-clients')).toBe('unknown');
    expect(reader.calls[0]!.url).toBe('http://user:8082/internal/users/..%2Fplatform-clients');
  });
});
