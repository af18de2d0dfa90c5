import type { KeyObject } from 'node:crypto';
import type { Pool } from '@coin/db';
import type { Logger } from '@coin/logger';
import { auditLogHead, insertCheckpoint, lastCheckpointedSeq } from './db/audit-checkpoint-repo';
import { checkpointKeyId, signCheckpoint } from './domain/audit-checkpoint';

export interface AuditCheckpointerOptions {
  pool: Pool;
  /** The checkpoint signing key (AUDIT_CHECKPOINT_PRIVATE_KEY). Never logged. */
  privateKey: KeyObject;
  intervalMs: number;
  logger: Logger;
  now?: () => Date;
}

/**
 * Signs the audit log's head at an interval and appends the checkpoint (docs/DESIGN.md "Admin audit
 * log"): only when the log grew since this key's last checkpoint. Each checkpoint is also logged
 * (seq, hash, key id, signature: public facts), so a copy leaves the database with the logs.
 */
export class AuditCheckpointer {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private readonly keyId: string;

  constructor(private readonly options: AuditCheckpointerOptions) {
    this.keyId = checkpointKeyId(options.privateKey);
  }

  /** One round; resolves with the checkpoint's seq, or null when the log did not grow. */
  async checkpoint(): Promise<number | null> {
    const { pool, privateKey, logger } = this.options;
    const head = await auditLogHead(pool);
    if (!head || head.seq <= (await lastCheckpointedSeq(pool, this.keyId))) return null;
    const signed = signCheckpoint(head, privateKey, (this.options.now ?? (() => new Date()))());
    if (await insertCheckpoint(pool, signed)) logger.info({ auditCheckpoint: signed }, 'admin audit log checkpoint signed');
    return signed.seq;
  }

  start(): void {
    const tick = () => {
      this.running ??= this.checkpoint()
        .then(() => undefined)
        .catch((err: unknown) => this.options.logger.warn({ err }, 'admin audit log checkpoint failed; retried at the next interval'))
        .finally(() => {
          this.running = undefined;
        });
    };
    tick();
    this.timer = setInterval(tick, this.options.intervalMs);
    this.timer.unref();
  }

  /** Stops the interval and signs a last checkpoint, so a log written just before shutdown is anchored. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
    await this.checkpoint().catch((err: unknown) => this.options.logger.warn({ err }, 'admin audit log checkpoint at shutdown failed'));
  }
}
