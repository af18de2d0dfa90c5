import { testClockList, testClocksPerReadMax } from '@coin/contracts';
import type { ServiceTokenSigner } from '@coin/http';
import type { Logger } from '@coin/logger';
import { credentialModeOf } from '@coin/security';

/** The test clocks of the sandbox's clients: how far ahead of wall time each client's time runs (milliseconds). */
export type TestClockOffsets = ReadonlyMap<string, number>;

/**
 * Reads the test clocks of the sandbox ledger (docs/decisions/0018-sandbox.md "The test clock"),
 * which stores them and alone moves them, over its internal API with this service's token
 * (`GET /internal/test-clocks`, testClocksPerReadMax clients a read). Only the sandbox's instance
 * (WEBHOOKS_SPACE=test) has one. A clock only goes forward, so when the ledger cannot be read the
 * offsets last read stand (a stale clock makes a retry later, never earlier), and a client never
 * read runs on wall time.
 */
export class TestClockReader {
  private readonly known = new Map<string, number>();
  private readonly authorization: () => Promise<string>;

  constructor(
    private readonly options: {
      baseUrl: string;
      timeoutMs: number;
      signer: Pick<ServiceTokenSigner, 'authorizationFor'>;
      logger: Logger;
      /** The HTTP client; tests pass a stub. */
      fetch?: typeof fetch;
    },
  ) {
    this.authorization = options.signer.authorizationFor('ledger');
  }

  /** The offsets of these clients (test-mode ids only: a live client has no clock), as read now or last. */
  async offsetsOf(clientIds: readonly string[]): Promise<TestClockOffsets> {
    const testClients = clientIds.filter((id) => credentialModeOf('system', id) === 'test');
    // Only the clients asked about are remembered (at most the worker's bound of them).
    const asked = new Set(testClients);
    for (const id of this.known.keys()) if (!asked.has(id)) this.known.delete(id);
    for (let i = 0; i < testClients.length; i += testClocksPerReadMax) {
      const chunk = testClients.slice(i, i + testClocksPerReadMax);
      try {
        for (const clock of await this.read(chunk)) {
          if (asked.has(clock.clientId))
            this.known.set(clock.clientId, Math.max(this.known.get(clock.clientId) ?? 0, clock.offsetSeconds * 1000));
        }
      } catch (err) {
        this.options.logger.warn({ err, clients: chunk.length }, 'test clocks unreadable; retries follow the clocks last read');
      }
    }
    return new Map(testClients.flatMap((id) => (this.known.has(id) ? [[id, this.known.get(id)!] as const] : [])));
  }

  private async read(clientIds: readonly string[]) {
    const url = new URL('/internal/test-clocks', this.options.baseUrl);
    url.searchParams.set('clientIds', clientIds.join(','));
    const response = await (this.options.fetch ?? fetch)(url, {
      headers: { authorization: await this.authorization() },
      signal: AbortSignal.timeout(this.options.timeoutMs),
    });
    if (!response.ok) throw new Error(`the sandbox ledger answered ${response.status} to a test clock read`);
    // Read, not trusted: a clock out of bounds is refused like a failed read.
    return testClockList.parse(await response.json()).clocks;
  }
}
