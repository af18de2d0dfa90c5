import { walletKeyOf, type LedgerCommand, type LedgerCommandOf } from '@coin/contracts';
import type { WireError } from '@coin/errors';
import { uuidV5 } from '@coin/security';
import {
  decide,
  defaultPolicy,
  evolve,
  type BalanceChange,
  type ClawbackLeg,
  type CreditLeg,
  type Decision,
  type LedgerPolicy,
  type LedgerState,
  type WalletState,
} from './ledger';
import { withStoredRequest } from './approvals';
import { answersCommand, type ProcessedCommand, type StoredOutcome } from './kinds/processed-commands';

export type BatchStep =
  /** Processed before (an earlier batch, a redelivery, a retry): answered as stored. */
  | { kind: 'stored'; command: LedgerCommand; outcome: StoredOutcome }
  /** The id of a processed command with another request behind it: refused, not stored. */
  | { kind: 'reused'; command: LedgerCommand; error: WireError }
  /** Decided now; its outcome is stored with its effects, `changes` the balance changes it made (numbered). */
  | {
      kind: 'decided';
      command: LedgerCommand;
      decision: Decision;
      subject: WalletState | null;
      requestHash: string | null;
      changes: BalanceChange[];
    }
  /** The same command twice in one batch: answered like step `of`. */
  | { kind: 'repeat'; command: LedgerCommand; of: number }
  /**
   * A dry run (the command's `dryRun` mark): decided and evolved on a copy of the state, then the
   * copy dropped. Its answer is the one the command would get; nothing of it is stored or seen by
   * the commands after it.
   */
  | { kind: 'dry'; command: LedgerCommand; decision: Decision; subject: WalletState | null; changes: BalanceChange[] };

/** What ties a command id to the request behind it (set by the gateway on money commands). */
export function requestHashOf(command: LedgerCommand): string | null {
  return 'requestHash' in command.data ? (command.data.requestHash ?? null) : null;
}

/** The answer to a command id met again with another request behind it (another type, another request hash). */
export const reusedError: WireError = {
  code: 'IDEMPOTENCY_KEY_REUSED',
  detail: 'This Idempotency-Key was used for a different request',
};

/**
 * Runs one batch in offset order against the loaded state: exactly-once first (a command id
 * already processed is answered from its stored outcome, the processed commands' state:
 * domain/kinds/processed-commands.ts, loaded for the batch's command ids, when it is the same
 * request: `answersCommand`; IDEMPOTENCY_KEY_REUSED when it is not), then decide and evolve.
 */
export function runBatch(
  state: LedgerState,
  commands: LedgerCommand[],
  now: Date,
  nextId: () => number,
  policy: LedgerPolicy = defaultPolicy,
): BatchStep[] {
  return runInOrder(state, state.processedCommands ?? new Map(), commands, now, nextId, policy);
}

/** `runBatch` with the stored outcomes it answers from (`stored`; none for the credits an apply makes itself). */
function runInOrder(
  state: LedgerState,
  stored: ReadonlyMap<string, ProcessedCommand>,
  commands: LedgerCommand[],
  now: Date,
  nextId: () => number,
  policy: LedgerPolicy,
): BatchStep[] {
  const steps: BatchStep[] = [];
  const decidedAt = new Map<string, number>();
  for (const sent of commands) {
    // A dry run neither answers from nor reserves a command id: it is decided afresh and kept apart.
    if (sent.dryRun) {
      steps.push(dryRunStep(state, sent, now, nextId, policy));
      continue;
    }
    // An approve or a reject naming only its request decides the command the request stores.
    const command = withStoredRequest(sent, state.approvals);
    const requestHash = requestHashOf(command);
    const outcome = stored.get(command.commandId);
    if (outcome) {
      steps.push(
        answersCommand(outcome, command.type, requestHash)
          ? { kind: 'stored', command, outcome }
          : { kind: 'reused', command, error: reusedError },
      );
      continue;
    }
    const earlier = decidedAt.get(command.commandId);
    if (earlier !== undefined) {
      const first = steps[earlier] as Extract<BatchStep, { kind: 'decided' }>;
      steps.push(
        answersCommand({ type: first.command.type, requestHash: first.requestHash }, command.type, requestHash)
          ? { kind: 'repeat', command, of: earlier }
          : { kind: 'reused', command, error: reusedError },
      );
      continue;
    }
    const decision = decide(state, command, now, nextId, policy);
    let subject: WalletState | null = null;
    let changes: BalanceChange[] = [];
    if (decision.ok) {
      changes = evolve(state, decision, now);
      const wallet = decision.subjectKey ? state.wallets.get(decision.subjectKey) : undefined;
      subject = wallet ? { ...wallet } : null;
    }
    decidedAt.set(command.commandId, steps.length);
    steps.push({ kind: 'decided', command, decision, subject, requestHash, changes });
  }
  return steps;
}

/**
 * A dry run's step (docs/DESIGN.md "Dry runs"): the command decided and evolved exactly as it
 * would be, in its place in the batch, on a deep copy of the state (wallets, limits, four-eyes
 * windows, holds, approvals and every other kind), so the commands after it see the state as if
 * it had never come. Its transaction ids are reserved ids it alone takes: they name nothing.
 */
function dryRunStep(state: LedgerState, command: LedgerCommand, now: Date, nextId: () => number, policy: LedgerPolicy): BatchStep {
  const copy = structuredClone(state);
  const decision = decide(copy, command, now, nextId, policy);
  if (!decision.ok) return { kind: 'dry', command, decision, subject: null, changes: [] };
  const changes = evolve(copy, decision, now);
  const wallet = decision.subjectKey ? copy.wallets.get(decision.subjectKey) : undefined;
  return { kind: 'dry', command, decision, subject: wallet ? { ...wallet } : null, changes };
}

export type CreditCommand = Extract<LedgerCommand, { type: 'ledger.credit' }>;

/** The id a credit leg travels under: the same leg always gets the same id. */
export function creditLegCommandId(leg: Pick<CreditLeg, 'transactionId' | 'to'>): string {
  return uuidV5(`ledger.credit:${leg.transactionId}:${walletKeyOf(leg.to)}`);
}

export function creditLegCommand(leg: CreditLeg, now: Date): CreditCommand {
  return {
    commandId: creditLegCommandId(leg),
    type: 'ledger.credit',
    issuedAt: now.toISOString(),
    actor: { kind: 'service', id: 'ledger' },
    data: {
      transactionId: leg.transactionId,
      transactionType: leg.transactionType,
      to: leg.to,
      amount: leg.amount,
      returnTo: leg.returnTo,
    },
  };
}

export type CreditsCommand = LedgerCommandOf<'ledger.credits'>;

/**
 * Legs of one partition travelling together (ledger.credits), under an id derived from every leg
 * in order: the same legs always get the same id, so a second publish of them credits nothing.
 */
export function creditsLegCommand(legs: CreditLeg[], now: Date): CreditsCommand {
  return {
    commandId: uuidV5(`ledger.credits:${legs.map((leg) => `${leg.transactionId}:${walletKeyOf(leg.to)}`).join(',')}`),
    type: 'ledger.credits',
    issuedAt: now.toISOString(),
    actor: { kind: 'service', id: 'ledger' },
    data: {
      legs: legs.map((leg) => ({
        transactionId: leg.transactionId,
        transactionType: leg.transactionType,
        to: leg.to,
        amount: leg.amount,
        returnTo: leg.returnTo,
      })),
    },
  };
}

/** A clawback travels as a `ledger.clawback` command, its id named by the refund that sent it (one per refund). */
export function clawbackLegCommand(leg: ClawbackLeg, now: Date): LedgerCommandOf<'ledger.clawback'> {
  return {
    commandId: uuidV5(`ledger.clawback:${leg.refundId}`),
    type: 'ledger.clawback',
    issuedAt: now.toISOString(),
    actor: { kind: 'service', id: 'ledger' },
    data: { ...leg },
  };
}

function creditLegsOf(steps: BatchStep[]): CreditLeg[] {
  return steps.flatMap((step) => (step.kind === 'decided' && step.decision.ok ? step.decision.creditLegs : []));
}

/**
 * Credit legs this apply may credit itself: the credited wallet belongs to a partition the apply
 * holds (`owns`: one whose batch is in it, or an idle one of this process it reached), so no other
 * apply writes it meanwhile, and its state is
 * loaded. They are decided after every command of the apply, as `ledger.credit` commands, which
 * is where they would have arrived through Kafka (after the commands before them); a leg that
 * finds its wallet closed returns the coins, and that return is credited here too when it can be.
 * The other legs are left to travel as commands. Inline credits store no outcome: no one sent
 * them, and no copy of them is ever published.
 */
export function creditOwnLegs(
  state: LedgerState,
  steps: BatchStep[],
  owns: (walletKey: string) => boolean,
  now: Date,
  nextId: () => number,
): { creditSteps: BatchStep[]; legsToPublish: CreditLeg[] } {
  const creditSteps: BatchStep[] = [];
  const legsToPublish: CreditLeg[] = [];
  let legs = creditLegsOf(steps);
  // A return is never returned again (its returnTo is null), so two rounds settle every leg.
  while (legs.length > 0) {
    const inline: CreditCommand[] = [];
    for (const leg of legs) {
      const key = walletKeyOf(leg.to);
      if (owns(key) && state.wallets.has(key)) inline.push(creditLegCommand(leg, now));
      else legsToPublish.push(leg);
    }
    // Made by this apply, under ids of legs it created: no outcome is stored for them, none answers them.
    const decided = runInOrder(state, new Map(), inline, now, nextId, defaultPolicy);
    creditSteps.push(...decided);
    legs = creditLegsOf(decided);
  }
  return { creditSteps, legsToPublish };
}
