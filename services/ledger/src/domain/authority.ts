import type { LedgerCommand } from '@coin/contracts';
import type { VerifiedAuthor } from './authors';
import { moduleOf } from './commands/table';

export { platformGrantsOf, type VerifiedAuthor } from './authors';

/**
 * Why this author may not send this command, or null when they may (docs/DESIGN.md "Who asks:
 * proof of authority in every command"): the command's module says (domain/commands/). The
 * gateway checked the same before sending; the ledger checks again from the proof it verified
 * itself, so neither a compromised gateway nor a process with its Kafka credentials can move a
 * wallet's coins for someone else, or act above their role. Pure: the consumer asks it after the
 * proof's signature and times have been checked.
 */
export function authorRefusal(command: LedgerCommand, author: VerifiedAuthor): string | null {
  return moduleOf(command).authorRefusal(command, author);
}
