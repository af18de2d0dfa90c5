import { isDecidedKind, ledgerCommandContracts, type ApprovableCommand, type DecidedKind } from '@coin/contracts';

/**
 * The kind of request decided on routes of its own that `command` makes (its approve and reject
 * name it: `holds`): the act its contract row names, when that act is such a kind
 * (@coin/contracts four-eyes-acts.ts `decidedKind`); undefined for any other act. Reads the contract's rows only,
 * nothing of the command table, so the rules can ask it.
 */
export function decidedKindOf(command: Pick<ApprovableCommand, 'type'>): DecidedKind | undefined {
  const act = ledgerCommandContracts[command.type].act;
  return isDecidedKind(act) ? act : undefined;
}
