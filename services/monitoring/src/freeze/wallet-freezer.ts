import { type CommandMessage, type ServiceCommandProofSigner, signedFreezeCommand } from '@coin/contracts';
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

/** Sends one signed command's Kafka message to ledger.commands. */
export type CommandSend = (message: CommandMessage) => Promise<void>;

/**
 * The freezer that asks the ledger (docs/operations/procedures.md "Monitoring command key"): a
 * `ledger.freeze-wallet` signed with the monitoring service's own command key, keyed by the
 * wallet, sent to ledger.commands. The command's id is the case's id, so asking again for one case
 * (after a crash, at the next sweep) is one freeze. The ledger judges it: the key proves this
 * command alone, and the service may send no other.
 */
export class LedgerFreezer implements WalletFreezer {
  constructor(
    private readonly signer: ServiceCommandProofSigner,
    private readonly send: CommandSend,
  ) {}

  async freeze(request: FreezeRequest): Promise<string> {
    const match = /^user:([1-9][0-9]{0,15})$/.exec(request.wallet);
    if (!match) return 'not-a-user-wallet';
    const reason = `Monitoring case ${request.caseId}: score ${request.score} (${request.rules.join(', ')})`.slice(0, 500);
    const { message } = await signedFreezeCommand(
      this.signer,
      { userId: Number(match[1]), reason, caseId: request.caseId },
      { commandId: request.caseId },
    );
    await this.send(message);
    return 'requested';
  }
}
