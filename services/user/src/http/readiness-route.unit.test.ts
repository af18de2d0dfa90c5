import { AppError } from '@coin/errors';
import { databaseReadiness } from './readiness-route';

describe("databaseReadiness: the user service's PostgreSQL, as the gateway's readiness asks it", () => {
  it('when the database answers, then it is ready and names only postgres', async () => {
    await expect(databaseReadiness(async () => undefined)).resolves.toEqual({ status: 'ready', checks: { postgres: 'up' } });
  });

  it('when the database does not answer, then it is UNAVAILABLE (the gateway reports postgres down)', async () => {
    const answer = databaseReadiness(async () => {
      throw new Error('PostgreSQL unreachable for 1200 ms');
    });
    await expect(answer).rejects.toBeInstanceOf(AppError);
    await expect(answer).rejects.toMatchObject({ code: 'UNAVAILABLE', message: 'Not ready: postgres down' });
  });

  it('when the database answers later than the check timeout, then it is down; within it, up', async () => {
    const answersIn = (ms: number) => () => new Promise<void>((resolve) => setTimeout(resolve, ms));
    await expect(databaseReadiness(answersIn(200), 50)).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    await expect(databaseReadiness(answersIn(20), 1000)).resolves.toMatchObject({ status: 'ready' });
  });
});
