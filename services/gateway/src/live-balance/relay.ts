import { setTimeout as sleep } from 'node:timers/promises';
import { decodedWhole, joinWatchdog, lingerAfter, offPathGroupSettings, SupervisedConsumer } from '@coin/kafka';
import type { Logger } from '@coin/logger';
import { disconnectForGood, onOutages, type Redis } from '@coin/redis';
import type { Kafka } from 'kafkajs';
import type { Counter } from 'prom-client';
import type { BalanceFanout, WalletWatchers } from './fanout';
import type { RelaySeal } from './relay-seal';
import { ClusterWatchSet, parseWatchAnnouncement } from './watch-set';

/** Why a message of the relay's channels was not believed. */
export type RelayRefusal = 'unsealed' | 'malformed' | 'stale';

export interface BalanceRelayCounters {
  /** A watched change published to its wallet's channel. */
  relayed(): void;
  /** A publish Redis refused (it is away): the streams repair the gap by sequence later. */
  publishFailed(): void;
  refused(reason: RelayRefusal): void;
}

export interface BalanceRelayOptions {
  kafka: Kafka;
  /** KAFKA_OFF_PATH_FETCH_WAIT_MS: the feed is off the request path (offPathGroupSettings). */
  fetchWaitMs: number;
  /** coin.balances with the deployment's prefix. */
  topics: string[];
  /** The group every gateway instance shares: each change is read once, by one of them. */
  groupId: string;
  /** The instance's Redis connection, for publishing. */
  redis: Redis;
  /**
   * A connection of its own in subscriber mode (Redis takes no other command on it), made by
   * subscriberConnection (@coin/redis): the relay subscribes again itself when it is back.
   */
  subscriber: Redis;
  /** The deployment's gateway prefix in Redis: channels are not prefixed by the client. */
  channelPrefix: string;
  seal: RelaySeal;
  instanceId: string;
  fanout: BalanceFanout;
  logger: Logger;
  counters: BalanceRelayCounters;
  restarts?: Counter<'group'>;
  /** CONSUMER_RELAUNCH_AFTER_MS: the consumer not joined this long after it started is replaced (joinWatchdog). */
  relaunchAfterMs?: number;
  /** How long an instance's word about a wallet holds without being repeated. */
  watchTtlMs?: number;
  /** How often an instance that watches something repeats all of it. */
  refreshMs?: number;
}

/** The pause after a small batch of balance changes: a change reaches its streams within a second. */
const balanceLingerMs = 100;

/**
 * The live balance feed, read once for all gateway instances and carried only to the instances
 * whose streams watch the wallet (docs/DESIGN.md "Live balance"):
 *
 * - **Relay.** One consumer group shared by every instance reads coin.balances; per record, the
 *   cluster's watch set (a map lookup) says whether any instance has a stream of that wallet. A
 *   change nobody watches costs its key's read and nothing else; a watched one is published,
 *   sealed, on the wallet's Redis channel. The group commits, so a rebalance or a restart resumes
 *   where it stopped.
 * - **Subscribe.** An instance subscribes to a wallet's channel when its first stream of that
 *   wallet opens and unsubscribes when its last one closes; what arrives is unsealed and handed to
 *   the fan-out, which validates it as it validated Kafka's records.
 * - **Watch set.** Each instance tells the others on a sealed control channel what it starts and
 *   stops watching, repeats all of it every `refreshMs` while it watches anything, and answers a
 *   starting instance's `hello` the same way. When the subscriber's connection is back after a
 *   loss, the relay subscribes to the control channel and its wallets again and tells the others
 *   what it watches (ioredis's own resubscription is off: subscriberConnection says why).
 *
 * Delivery on Redis is at most once: a change missed (a stream opened just before its relay heard
 * of it, Redis away, a rebalance) shows as a gap in the stream's sequence at the next change,
 * filled from the ledger, as before.
 */
export class BalanceRelay implements WalletWatchers {
  private readonly cluster: ClusterWatchSet;
  private readonly local = new Set<string>();
  private readonly controlChannel: string;
  private readonly balancePrefix: string;
  private consumer: SupervisedConsumer | undefined;
  private refreshTimer: NodeJS.Timeout | undefined;

  constructor(private readonly options: BalanceRelayOptions) {
    if (options.subscriber.options.autoResubscribe !== false)
      throw new Error(
        'BalanceRelay: the subscriber must come from subscriberConnection (@coin/redis), which leaves resubscription to the relay',
      );
    this.cluster = new ClusterWatchSet(options.watchTtlMs ?? 60_000);
    this.controlChannel = `${options.channelPrefix}balance-watch`;
    this.balancePrefix = `${options.channelPrefix}balances:`;
  }

  get consuming(): SupervisedConsumer {
    if (!this.consumer) throw new Error('BalanceRelay: not started');
    return this.consumer;
  }

  async start(): Promise<void> {
    const { subscriber } = this.options;
    // Its own connection (a duplicate of the gateway's client, whose outages the frame logs).
    onOutages(subscriber, {
      down: (err) => this.options.logger.warn({ err }, 'live balance: Redis subscription lost; streams get no changes until it is back'),
      back: () => this.options.logger.info('live balance: Redis subscription back'),
    });
    subscriber.on('message', (channel: string, message: string) => this.heard(channel, message));
    await subscriber.subscribe(this.controlChannel);
    subscriber.on('ready', () => this.subscribeAgain());
    await this.announce({ op: 'hello' });
    this.refreshTimer = setInterval(() => this.refresh(), this.options.refreshMs ?? 20_000);
    this.refreshTimer.unref();
    const { groupId } = this.options;
    this.consumer = new SupervisedConsumer({
      groupId,
      logger: this.options.logger.child({ groupId }),
      watchdog: joinWatchdog(this.options.relaunchAfterMs),
      ...(this.options.restarts ? { restarts: this.options.restarts } : {}),
      create: () => this.options.kafka.consumer({ groupId, ...offPathGroupSettings(this.options.fetchWaitMs) }),
      start: async (created) => {
        await created.connect();
        for (const topic of this.options.topics) await created.subscribe({ topic, fromBeginning: false });
        await created.run({
          // One synchronous loop per fetched batch: no promise per record.
          eachBatch: async ({ batch, isRunning }) => {
            const now = Date.now();
            const place = { topic: batch.topic, partition: batch.partition };
            for (const message of decodedWhole(batch.messages, place, this.options.logger)) {
              const wallet = message.key?.toString();
              if (wallet === undefined || !message.value || !this.cluster.has(wallet, now)) continue;
              this.publish(wallet, message.value.toString('utf8'));
            }
            const pauseMs = lingerAfter(batch.messages, balanceLingerMs);
            if (pauseMs > 0 && isRunning()) await sleep(pauseMs);
          },
        });
      },
    });
    await this.consumer.start();
    await this.consumer.ready;
  }

  /** The fan-out's first stream of `wallet` on this instance opened. */
  watch(wallet: string): void {
    this.local.add(wallet);
    void this.options.subscriber
      .subscribe(this.channelOf(wallet))
      .then(() => this.announce({ op: 'watch', wallets: [wallet] }))
      .catch((err: unknown) => this.options.logger.warn({ err, wallet }, 'live balance: could not subscribe; the refresh tries again'));
  }

  /** The fan-out's last stream of `wallet` on this instance closed. */
  unwatch(wallet: string): void {
    this.local.delete(wallet);
    void this.options.subscriber
      .unsubscribe(this.channelOf(wallet))
      .then(() => this.announce({ op: 'unwatch', wallets: [wallet] }))
      .catch(() => undefined);
  }

  async stop(): Promise<void> {
    clearInterval(this.refreshTimer);
    await this.consumer?.stop();
    await this.announce({ op: 'all', wallets: [] }).catch(() => undefined);
    disconnectForGood(this.options.subscriber);
  }

  private channelOf(wallet: string): string {
    return `${this.balancePrefix}${wallet}`;
  }

  private publish(wallet: string, value: string): void {
    const channel = this.channelOf(wallet);
    this.options.redis.publish(channel, this.options.seal.seal(channel, value)).then(
      () => this.options.counters.relayed(),
      () => this.options.counters.publishFailed(),
    );
  }

  private heard(channel: string, message: string): void {
    const payload = this.options.seal.open(channel, message);
    if (payload === null) {
      this.options.counters.refused('unsealed');
      return;
    }
    if (channel.startsWith(this.balancePrefix)) {
      this.options.fanout.publish(channel.slice(this.balancePrefix.length), payload);
      return;
    }
    if (channel !== this.controlChannel) return;
    const announcement = parseWatchAnnouncement(payload);
    if (announcement === null) {
      this.options.counters.refused('malformed');
      return;
    }
    if (!this.cluster.apply(announcement, Date.now())) {
      this.options.counters.refused('stale');
      return;
    }
    if (announcement.op === 'hello' && announcement.instance !== this.options.instanceId && this.local.size > 0) {
      void this.announce({ op: 'all', wallets: [...this.local] }).catch(() => undefined);
    }
  }

  /** Every `refreshMs`: what this instance watches, said again (and subscribed again after a Redis outage). */
  private refresh(): void {
    this.cluster.prune(Date.now());
    if (this.local.size === 0) return;
    const wallets = [...this.local];
    void this.options.subscriber
      .subscribe(...wallets.map((wallet) => this.channelOf(wallet)))
      .then(() => this.announce({ op: 'all', wallets }))
      .catch(() => undefined);
  }

  /**
   * The subscriber's connection is ready again after a loss: the control channel and every wallet
   * watched here, then what it watches told to the others. A failure (the connection lost again
   * meanwhile) is logged; the next ready tries again.
   */
  private subscribeAgain(): void {
    const wallets = [...this.local];
    void this.options.subscriber
      .subscribe(this.controlChannel, ...wallets.map((wallet) => this.channelOf(wallet)))
      .then(() => this.announce({ op: 'all', wallets }))
      .catch((err: unknown) =>
        this.options.logger.warn({ err }, 'live balance: could not subscribe again after a lost connection; its next return tries again'),
      );
  }

  private async announce(what: { op: 'hello' } | { op: 'watch' | 'unwatch' | 'all'; wallets: string[] }): Promise<void> {
    const announcement = { instance: this.options.instanceId, at: Date.now(), ...what };
    await this.options.redis.publish(this.controlChannel, this.options.seal.seal(this.controlChannel, JSON.stringify(announcement)));
  }
}
