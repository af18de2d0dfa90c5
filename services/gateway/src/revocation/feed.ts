import { revokedClientsBatchMax, revokedIdsMax, webhookClientIdText, type RevocationList } from '@coin/contracts';
import type { Logger } from '@coin/logger';
import type { Revocations } from './revocations';

/** The least time from one held read's start to the next's. */
const heldReadsGapMs = 250;

/** Clients remembered as told: twice what one answer lists. */
const toldMax = 2 * revokedIdsMax;

export interface RevocationFeedOptions {
  /**
   * GET /internal/revocations of the user service, told the counts held (-1: none yet) and how
   * long it may hold an answer with nothing new (0: answer now); `signal` ends it (a stop).
   */
  read(known: { apiKeys: number; platformClients: number }, waitMs: number, signal: AbortSignal): Promise<RevocationList>;
  /** POST /internal/webhooks/revoked-clients: the clients' webhooks stop (idempotent). */
  stopWebhooks(clientIds: string[]): Promise<void>;
  revocations: Revocations;
  /**
   * How long the user service may hold a read with nothing new (GATEWAY_REVOCATION_WAIT_MS; 0:
   * no long poll, a read every `intervalMs`). It answers as soon as a revocation is committed.
   */
  waitMs: number;
  /** The pause after a failed read, and between reads when `waitMs` is 0 (GATEWAY_REVOCATION_POLL_MS). */
  intervalMs: number;
  logger: Logger;
  /** Told of each failed poll (metrics). */
  failed?: () => void;
}

/**
 * Keeps this instance's sets of revoked API keys and platform clients current (docs/DESIGN.md "A
 * cache cannot grant"). It asks the user service, which answers the ids only when a count moved;
 * after the first read each read is a long poll the user service holds up to `waitMs` and answers
 * as soon as a revocation is committed (its LISTEN on `authority_revocations`), so an idle gateway
 * asks a few times a minute and a revocation made elsewhere (another instance, the operator CLI,
 * which has no gateway to tell) is refused here about as soon as it is committed, even if its Redis
 * tombstone was deleted and a sealed grant recorded before it was written back. A failed read
 * keeps the sets it had (the cached entries' own expiry still bounds what they can grant); the
 * next comes `intervalMs` later and answers at once, and the long polls resume after it.
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
  private readonly stopping = new AbortController();
  /** Whether the last read failed: the next answers at once rather than being held. */
  private lastFailed = true;

  constructor(private readonly options: RevocationFeedOptions) {}

  /** The first read (awaited: the service starts with the sets as the user service has them, or logs why not), then the held ones. */
  async start(): Promise<void> {
    await this.tick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    // A long poll in flight ends now rather than when the user service answers it.
    this.stopping.abort();
    await this.running;
  }

  /** One read (tests call it to skip the wait): held by the user service up to `waitMs`, unless the last one failed or none was made. */
  async pollOnce(): Promise<void> {
    const waitMs = this.lastFailed ? 0 : this.options.waitMs;
    this.lastFailed = true;
    const answer = await this.options.read(this.known, waitMs, this.stopping.signal);
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
    this.lastFailed = false;
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
    const startedAt = Date.now();
    this.running = this.pollOnce().catch((err: unknown) => {
      if (this.stopped) return;
      this.options.failed?.();
      this.options.logger.warn({ err }, 'revocation poll failed; the revoked keys and clients known so far stay in use');
    });
    await this.running;
    if (this.stopped) return;
    // Held reads follow each other (the user service does the waiting), at most four a second
    // whatever answers them early (a closing user service); a failed read, or reads not held, pause.
    const pauseMs =
      this.options.waitMs > 0 && !this.lastFailed ? Math.max(0, heldReadsGapMs - (Date.now() - startedAt)) : this.options.intervalMs;
    this.timer = setTimeout(() => void this.tick(), pauseMs);
    this.timer.unref();
  }
}
