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
  // This ledger is the live space: test-mode credentials are refused before any rule could grant
  // them something (docs/decisions/0018-sandbox.md), whatever the command and the token's grants.
  if (author.mode === 'test') return testModeRefusal;
  return moduleOf(command).authorRefusal(command, author);
}

const testModeRefusal = 'Command refused: it is proved by test-mode credentials, which never act on real money (the live ledger)';
