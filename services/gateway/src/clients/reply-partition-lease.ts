import type { ReplyPartitionClaim } from '@coin/kafka';
import type { Logger } from '@coin/logger';
import type { Redis } from '@coin/redis';

/** Takes the first free partition among KEYS (one key per partition, in the order to try). */
const claimScript = `
for i = 1, #KEYS do
  if redis.call('SET', KEYS[i], ARGV[1], 'NX', 'PX', ARGV[2]) then return i - 1 end
end
return -1`;

/** Extends the lease if it is still this instance's; 0 when another holds it or it lapsed. */
const renewScript = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return 1 end
return 0`;

const releaseScript = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

export interface ReplyPartitionLeaseOptions {
  redis: Redis;
  /** The reply topic (with its run prefix): leases of different topics never meet. */
  topic: string;
  /** Who holds the lease (the gateway instance). */
  holder: string;
  logger: Logger;
  /** How long a lease outlives its holder's last renewal (a crashed instance frees its partition then). */
  ttlMs?: number;
}

/**
 * Gives each gateway instance a partition of the reply topic no other instance reads, through a
 * lease in Redis renewed a few times per TTL. Whatever goes wrong, the instance still gets a
 * partition and stays correct (replies are matched by correlation id): with Redis unreachable at
 * start, a random one; with every partition leased (more instances than partitions), a random
 * one, shared; with its lease lost to another instance during an outage, it keeps reading its
 * partition. Each case is logged: two instances on one partition each read both's replies.
 */
export class ReplyPartitionLease implements ReplyPartitionClaim {
  private readonly ttlMs: number;
  private partition: number | undefined;
  private renewTimer: NodeJS.Timeout | undefined;

  constructor(private readonly options: ReplyPartitionLeaseOptions) {
    this.ttlMs = options.ttlMs ?? 30_000;
  }

  private key(partition: number): string {
    return `reply-partition:${this.options.topic}:${partition}`;
  }

  async claim(partitions: number): Promise<number> {
    const { redis, holder, logger } = this.options;
    const start = Math.floor(Math.random() * partitions);
    const order = Array.from({ length: partitions }, (_, i) => (start + i) % partitions);
    let partition: number;
    try {
      const index = Number(await redis.eval(claimScript, order.length, ...order.map((p) => this.key(p)), holder, this.ttlMs));
      if (index >= 0) partition = order[index]!;
      else {
        partition = start;
        logger.warn(
          { partitions, partition },
          'every reply partition is leased: sharing one (raise the partition count of the reply topic)',
        );
      }
    } catch (err) {
      partition = start;
      logger.warn({ err, partition }, 'could not lease a reply partition: reading a random one, maybe shared');
    }
    this.partition = partition;
    this.renewTimer = setInterval(() => void this.renew(), Math.max(1, Math.floor(this.ttlMs / 3)));
    this.renewTimer.unref();
    logger.info({ partition }, 'reading reply partition');
    return partition;
  }

  private async renew(): Promise<void> {
    if (this.partition === undefined) return;
    try {
      const held = Number(await this.options.redis.eval(renewScript, 1, this.key(this.partition), this.options.holder, this.ttlMs));
      if (held !== 1)
        this.options.logger.warn({ partition: this.partition }, 'the reply partition lease is held by another instance: sharing it');
    } catch (err) {
      this.options.logger.warn({ err, partition: this.partition }, 'could not renew the reply partition lease');
    }
  }

  async release(): Promise<void> {
    clearInterval(this.renewTimer);
    this.renewTimer = undefined;
    if (this.partition === undefined) return;
    await this.options.redis.eval(releaseScript, 1, this.key(this.partition), this.options.holder).catch(() => undefined);
    this.partition = undefined;
  }
}
