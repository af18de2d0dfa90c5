import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readyzAnswersOk, waitForReady } from './processes';

/** A service whose /readyz answers `status`. */
let server: Server;
let url: string;
let status = 503;

beforeAll(async () => {
  server = createServer((_request, response) => {
    response.statusCode = status;
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe('readyzAnswersOk: one /readyz request of a starting service', () => {
  afterEach(() => jest.restoreAllMocks());

  it('when the service answers 200, then true; 503, then false; nothing listening, then false', async () => {
    const deadline = Date.now() + 5_000;
    status = 200;
    expect(await readyzAnswersOk(url, deadline)).toBe(true);
    status = 503;
    expect(await readyzAnswersOk(url, deadline)).toBe(false);
    expect(await readyzAnswersOk('http://127.0.0.1:1', deadline)).toBe(false);
  });

  it('when the deadline is far, then the request is given 10 s, more than the readiness checks take (2 s each by default); when it is near, only what is left', async () => {
    const timeout = jest.spyOn(AbortSignal, 'timeout');
    await readyzAnswersOk(url, Date.now() + 120_000);
    expect(timeout.mock.calls[0]![0]).toBe(10_000);
    await readyzAnswersOk(url, Date.now() + 3_000);
    expect(timeout.mock.calls[1]![0]).toBeGreaterThan(2_000);
    expect(timeout.mock.calls[1]![0]).toBeLessThanOrEqual(3_000);
    await readyzAnswersOk(url, Date.now() - 1);
    expect(timeout.mock.calls[2]![0]).toBe(1);
  });
});

describe('waitForReady: the start-up wait of a service', () => {
  it('when the service answers 200, then true; when the caller gives up, then false; when the process died, then it throws', async () => {
    status = 200;
    expect(await waitForReady(url, 5_000)).toBe(true);
    status = 503;
    expect(await waitForReady(url, 5_000, { gaveUp: () => true })).toBe(false);
    await expect(waitForReady(url, 5_000, { isAlive: () => false })).rejects.toThrow(/exited before it became ready/);
  });

  it('when the service never answers 200, then it throws once the time is over', async () => {
    status = 503;
    await expect(waitForReady(url, 300)).rejects.toThrow(/did not become ready within 300 ms/);
  });
});
