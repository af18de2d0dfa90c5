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
 * (WEBHOOKS_SPACE=test) has one. A read is the truth: a clock the client moved forward counts from
 * the pass that reads it, and one its reset moved back to wall time (docs/decisions/0018-sandbox.md
 * "Deleting a client's test data") as well, told to the worker (`takeWentBack`) so it moves the
 * client's pending deliveries back with it. When the ledger cannot be read the offsets last read
 * stand, and a client never read runs on wall time.
 */
export class TestClockReader {
  private readonly known = new Map<string, number>();
  /** How far back (milliseconds) each client's clock went since the worker last asked: a reset's. */
  private readonly wentBack = new Map<string, number>();
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
        const read = new Map((await this.read(chunk)).map((clock) => [clock.clientId, clock.offsetSeconds * 1000] as const));
        // A client the answer names no clock for runs on wall time (it never moved its clock, or its reset deleted it).
        for (const id of chunk) this.learn(id, read.get(id) ?? 0);
      } catch (err) {
        this.options.logger.warn({ err, clients: chunk.length }, 'test clocks unreadable; retries follow the clocks last read');
      }
    }
    return new Map(testClients.flatMap((id) => (this.known.has(id) ? [[id, this.known.get(id)!] as const] : [])));
  }

  /**
   * The clients whose clocks went back since the last call, and by how much (milliseconds): the
   * times their pending deliveries were set at ran on the clock as it read before.
   */
  takeWentBack(): ReadonlyMap<string, number> {
    const taken = new Map(this.wentBack);
    this.wentBack.clear();
    return taken;
  }

  private learn(clientId: string, offsetMs: number): void {
    const before = this.known.get(clientId) ?? 0;
    if (offsetMs < before) this.wentBack.set(clientId, (this.wentBack.get(clientId) ?? 0) + before - offsetMs);
    if (offsetMs === 0) this.known.delete(clientId);
    else this.known.set(clientId, offsetMs);
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
