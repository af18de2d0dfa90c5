import type { Logger } from '@coin/logger';

/** What the service asks of the ledger when a case's score reaches MONITORING_FREEZE_SCORE. */
export interface FreezeRequest {
  /** `user:<id>`: only a person's wallet is frozen automatically. */
  wallet: string;
  caseId: string;
  score: number;
  rules: readonly string[];
}

/**
 * The port of the automatic freeze (docs/design/monitoring.md "Freezes"): the ledger enforces a
 * freeze (its freeze command, sent under the monitoring service's own signed authority); this
 * service only asks. `freeze` answers the outcome it records on the case, and throws when the
 * request could not be made (the sweep asks again).
 */
export interface WalletFreezer {
  freeze(request: FreezeRequest): Promise<string>;
}

/**
 * The freezer until the ledger's freeze command is wired here: it asks nothing, logs the case at
 * warn for an ADMIN to act on, and records `not-wired` on the case, so the case view shows that no
 * freeze was sent.
 */
export class UnwiredFreezer implements WalletFreezer {
  constructor(private readonly logger: Logger) {}

  async freeze(request: FreezeRequest): Promise<string> {
    this.logger.warn(
      { caseId: request.caseId, wallet: request.wallet, score: request.score },
      'case at the freeze score: no freeze command is wired',
    );
    return 'not-wired';
  }
}
