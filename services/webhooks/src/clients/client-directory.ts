import { platformClientList } from '@coin/contracts';
import type { ServiceTokenSigner } from '@coin/http';
import type { Logger } from '@coin/logger';
import { credentialModeOf } from '@coin/security';
import type { ClientScope } from '../domain/visibility';
import type { WebhooksSpace } from '../domain/space';

/** What the directory knows of the clients: the live ones (not revoked) of this space, and the revoked ones. */
export interface ClientTable {
  live: ReadonlyMap<string, readonly string[]>;
  revoked: ReadonlySet<string>;
}

/**
 * Reads the user service's table of platform clients and their grants (`GET /internal/platform-clients`,
 * with this service's own token: the user service registers clients and signs their grants, so its
 * word is the authority, not a gateway's or an event's), so the service records the events of every
 * live client of its space, whether or not it registered an endpoint (docs/design/platform.md "A
 * platform's events"). Read at start, every `refreshIntervalMs`, and at once when an event names a
 * client of this space it does not know (`learn`): a client's first reward is recorded for it. A
 * client the user service does not know either is not asked about again until the next periodic
 * read, so a stream of events naming it costs one read per interval. When the user service cannot be
 * read, the table last read stands (logged); a client revoked meanwhile is also stopped by the
 * gateways' report (webhook_revoked_clients).
 */
export class PlatformClientDirectory {
  private table: ClientTable = { live: new Map(), revoked: new Set() };
  /** Ids a read made after they were named did not find: not asked about again until the next periodic read. */
  private absent = new Set<string>();
  private reading: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private readonly authorization: () => Promise<string>;

  constructor(
    private readonly options: {
      baseUrl: string;
      space: WebhooksSpace;
      refreshIntervalMs: number;
      timeoutMs: number;
      signer: Pick<ServiceTokenSigner, 'authorizationFor'>;
      logger: Logger;
      /** The HTTP client; tests pass a stub. */
      fetch?: typeof fetch;
    },
  ) {
    this.authorization = options.signer.authorizationFor('user');
  }

  /** Reads the table now and then every refreshIntervalMs; resolves after the first read (failed or not). */
  async start(): Promise<void> {
    this.timer = setInterval(() => {
      this.absent = new Set();
      void this.refresh();
    }, this.options.refreshIntervalMs);
    this.timer.unref();
    await this.refresh();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.reading;
  }

  /** The table as last read. */
  current(): ClientTable {
    return this.table;
  }

  /**
   * Reads the table again when one of `clientIds` (of this space) is neither known live nor
   * revoked nor already looked for, then answers it; else answers the table as it is.
   */
  async learn(clientIds: Iterable<string>): Promise<ClientTable> {
    const unknown = [...new Set(clientIds)].filter(
      (id) =>
        credentialModeOf('system', id) === this.options.space &&
        !this.table.live.has(id) &&
        !this.table.revoked.has(id) &&
        !this.absent.has(id),
    );
    if (unknown.length === 0) return this.table;
    const known = (id: string) => this.table.live.has(id) || this.table.revoked.has(id);
    // A read already under way may have left before the client was registered: then one more.
    const joined = this.reading !== undefined;
    await this.refresh();
    if (joined && !unknown.every(known)) await this.refresh();
    for (const id of unknown) if (!known(id)) this.absent.add(id);
    return this.table;
  }

  /** One read at a time: a caller arriving during a read waits for it. */
  refresh(): Promise<void> {
    this.reading ??= this.read()
      .then((table) => {
        this.table = table;
      })
      .catch((err: unknown) =>
        this.options.logger.warn({ err }, 'platform clients unreadable from the user service; the table last read stands'),
      )
      .finally(() => {
        this.reading = undefined;
      });
    return this.reading;
  }

  private async read(): Promise<ClientTable> {
    const response = await (this.options.fetch ?? fetch)(new URL('/internal/platform-clients', this.options.baseUrl), {
      headers: { authorization: await this.authorization() },
      signal: AbortSignal.timeout(this.options.timeoutMs),
    });
    if (!response.ok) throw new Error(`the user service answered ${response.status} to a platform clients read`);
    // Read, not trusted blindly: a malformed answer is refused like a failed read.
    return clientTableOf(platformClientList.parse(await response.json()).platformClients, this.options.space);
  }
}

/** The clients of `space` from the user service's list: live (not revoked) ones with their grants, and the revoked ones. */
export function clientTableOf(
  clients: ReadonlyArray<{ id: string; revokedAt: string | null; treasuries: readonly string[] }>,
  space: WebhooksSpace,
): ClientTable {
  const live = new Map<string, readonly string[]>();
  const revoked = new Set<string>();
  for (const client of clients) {
    if (credentialModeOf('system', client.id) !== space) continue;
    if (client.revokedAt === null) live.set(client.id, [...client.treasuries]);
    else revoked.add(client.id);
  }
  return { live, revoked };
}

/**
 * The clients whose events are recorded: every live client the user service listed, with the
 * grants it listed, and every client with an endpoint it has not listed yet (the endpoint's copy of
 * its grants), less those revoked by either account (`revokedHere`: the gateways' reports).
 */
export function eventClientScopes(
  table: ClientTable,
  withEndpoints: readonly ClientScope[],
  revokedHere: ReadonlySet<string>,
): ClientScope[] {
  const scopes = new Map<string, readonly string[]>(table.live);
  for (const client of withEndpoints) if (!scopes.has(client.clientId)) scopes.set(client.clientId, client.treasuries);
  return [...scopes]
    .filter(([clientId]) => !table.revoked.has(clientId) && !revokedHere.has(clientId))
    .map(([clientId, treasuries]) => ({ clientId, treasuries }));
}
