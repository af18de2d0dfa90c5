import { ledgerCommandMessage, type CommandMessage, type LedgerCommandOf, type LedgerCommandType } from './commands';
import { freezeWalletCommand } from './ledger';

/**
 * The commands a service sends on its own, signed with its own key rather than a person's token
 * (docs/DESIGN.md "Who asks: proof of authority in every command"), and what it may send: the
 * ledger accepts the monitoring service's freeze and nothing else of it (never an unfreeze, never
 * money), whatever its proof says.
 */
export const serviceCommandTypes: Readonly<Record<string, readonly LedgerCommandType[]>> = {
  monitoring: ['ledger.freeze-wallet'],
};

/** Why this service may not send a command of this type to the ledger, or null when it may. */
export function serviceCommandRefusal(service: string, type: string): string | null {
  const allowed = Object.hasOwn(serviceCommandTypes, service) ? serviceCommandTypes[service] : undefined;
  if (!allowed) return `Command refused: the service ${service} sends no commands to the ledger`;
  return allowed.includes(type as LedgerCommandType) ? null : `Command refused: the service ${service} may not send ${type}`;
}

/**
 * What signs a service's command: its name (the actor id) and the proof of one command. A
 * `ServiceCommandSigner` of @coin/security is one; taken as an interface so this package needs
 * no crypto.
 */
export interface ServiceCommandProofSigner {
  readonly service: string;
  proofOf(command: { commandId: string; type: string; issuedAt: string }): Promise<string>;
}

/** What a service asks to freeze: the user whose wallet, why, and the case behind it. */
export interface FreezeRequest {
  userId: number;
  reason: string;
  caseId?: string | undefined;
}

/**
 * The monitoring service's freeze of a user wallet as a signed ledger command and the Kafka
 * message that carries it to ledger.commands (key: the wallet, so the freeze is decided in order
 * with the wallet's debits). The request is checked against the command's schema first: a bad
 * one throws (a ZodError), nothing is signed. `commandId` is the idempotency key: the same id
 * sent twice is one freeze; by default a new one.
 */
export async function signedFreezeCommand(
  signer: ServiceCommandProofSigner,
  request: FreezeRequest,
  options: { commandId?: string; now?: Date } = {},
): Promise<{ command: LedgerCommandOf<'ledger.freeze-wallet'>; message: CommandMessage }> {
  const data = freezeWalletCommand.shape.data.parse({
    userId: request.userId,
    reason: request.reason,
    ...(request.caseId === undefined ? {} : { caseId: request.caseId }),
  });
  const unsigned = {
    commandId: options.commandId ?? crypto.randomUUID(),
    type: 'ledger.freeze-wallet' as const,
    issuedAt: (options.now ?? new Date()).toISOString(),
    actor: { kind: 'service' as const, id: signer.service },
    data,
  };
  const command = freezeWalletCommand.parse({ ...unsigned, proof: await signer.proofOf(unsigned) });
  return { command, message: ledgerCommandMessage(command) };
}
