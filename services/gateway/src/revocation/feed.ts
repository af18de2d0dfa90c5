import { revokedClientsBatchMax, revokedIdsMax, webhookClientIdText, type RevocationList } from '@coin/contracts';
import type { Logger } from '@coin/logger';
import type { Revocations } from './revocations';

/** Clients remembered as told: twice what one answer lists. */
const toldMax = 2 * revokedIdsMax;

export interface RevocationFeedOptions {
  /** GET /internal/revocations of the user service, told the counts held (-1: none yet). */
  read(known: { apiKeys: number; platformClients: number }): Promise<RevocationList>;
  /** POST /internal/webhooks/revoked-clients: the clients' webhooks stop (idempotent). */
  stopWebhooks(clientIds: string[]): Promise<void>;
  revocations: Revocations;
  /** How often the list is asked for (GATEWAY_REVOCATION_POLL_MS). */
  intervalMs: number;
  logger: Logger;
  /** Told of each failed poll (metrics). */
  failed?: () => void;
}

/**
 * Keeps this instance's sets of revoked API keys and platform clients current (docs/DESIGN.md "A
 * cache cannot grant"): every `intervalMs` it asks the user service, which answers the ids only
 * when a count moved, so a quiet poll costs one small query. A revocation made elsewhere (another
 * instance, the operator CLI, which has no gateway to tell) is refused here within a poll, even if
 * its Redis tombstone was deleted and a sealed grant recorded before it was written back. A failed
 * poll keeps the sets it had (the cached entries' own expiry still bounds what they can grant) and
 * is tried again at the next tick.
 *
 * It also tells the webhooks service which clients are revoked, so that their deliveries stop
 * whoever revoked them: every client of the list once per process (a restart tells them again,
 * which changes nothing), and again at the next poll when the webhooks service could not be told.
 */
export class RevocationFeed {
  private known = { apiKeys: -1, platformClients: -1 };
  /** Revoked clients the webhooks service has been told of by this instance. */
  private readonly told = new Set<string>();
  private pending = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;

  constructor(private readonly options: RevocationFeedOptions) {}

  /** The first poll (awaited: the service starts with the sets as the user service has them, or logs why not), then one per interval. */
  async start(): Promise<void> {
    await this.tick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** One poll: what the timer runs (tests call it to skip the wait). */
  async pollOnce(): Promise<void> {
    const answer = await this.options.read(this.known);
    if (answer.apiKeys.ids !== null) this.options.revocations.revokedApiKeys(answer.apiKeys.ids);
    if (answer.platformClients.ids !== null) {
      this.options.revocations.revokedClients(answer.platformClients.ids);
      for (const id of answer.platformClients.ids) {
        // Only such ids can have endpoints (the webhooks routes take no other).
        if (!this.told.has(id) && webhookClientIdText.safeParse(id).success) this.pending.add(id);
      }
    }
    this.known = { apiKeys: answer.apiKeys.revoked, platformClients: answer.platformClients.revoked };
    await this.tellWebhooks();
  }

  private async tellWebhooks(): Promise<void> {
    const ids = [...this.pending];
    for (let start = 0; start < ids.length; start += revokedClientsBatchMax) {
      const batch = ids.slice(start, start + revokedClientsBatchMax);
      await this.options.stopWebhooks(batch);
      for (const id of batch) {
        this.pending.delete(id);
        this.told.add(id);
        // Bounded: one forgotten is told again if the list still shows it, which changes nothing.
        if (this.told.size > toldMax) this.told.delete(this.told.values().next().value as string);
      }
    }
  }

  private async tick(): Promise<void> {
    this.running = this.pollOnce().catch((err: unknown) => {
      this.options.failed?.();
      this.options.logger.warn({ err }, 'revocation poll failed; the revoked keys and clients known so far stay in use');
    });
    await this.running;
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.tick(), this.options.intervalMs);
    this.timer.unref();
  }
}
