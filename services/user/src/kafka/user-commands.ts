import { headerNames, type UserCommand } from '@coin/contracts';
import type { OutboxRelay } from '@coin/db';
import { messageSpans, replyAddressOf, replyBodyOf, sendReply, type BatchingProducer, type Delivered } from '@coin/kafka';
import type { Logger } from '@coin/logger';
import { traceHeadersOfSpan, type Tracing } from '@coin/telemetry';
import { applyUserCommand, type UserCommandClock } from '../apply/apply-user-command';
import type { UserCommandStore } from '../apply/store';
import { userModuleOf } from '../domain/commands/table';
import type { DeletionPolicy } from '../domain/deletion-requests';
import type { GrantPolicy } from '../domain/grant-requests';
import type { BalanceReader } from '../http/ledger-balances';

export interface UserCommandDeps {
  store: UserCommandStore;
  producer: BatchingProducer;
  outbox: OutboxRelay;
  /** The one topic commands are answered on (the gateway's replies); see replyAddressOf. */
  replyTopic: string;
  logger: Logger;
  clock: UserCommandClock;
  /**
   * Spans (docs/DESIGN.md "Traces"): one per command, `process <type>`, the child of its
   * `traceparent`, whose context its reply carries. Off when absent or disabled.
   */
  tracing?: Tracing;
  /** Two-person acts (docs/DESIGN.md "Two-person acts"): their requests' expiry and the ceiling of a client's cap. */
  grants: GrantPolicy;
  /**
   * Large deletions, deletions of a SUPERADMIN and deletions past the requester's rolling window
   * wait for a second SUPERADMIN, judged on the ledger's figure (docs/DESIGN.md "Deleting a user").
   */
  deletions?: { policy: DeletionPolicy; balanceOf: BalanceReader };
  /** Writes the revocations committed so far into the ledger's partitions (RevocationRelay). */
  revocations?: { flush(): Promise<void> };
}

/**
 * The user.commands consumer: each delivered (already validated) command is applied, its events
 * published as soon as they are committed, and its outcome sent to the caller. One at a time, in
 * partition order: commands about one account are applied in the order they were sent.
 */
export function handleUserCommands(deps: UserCommandDeps) {
  const spans = messageSpans<UserCommand>(deps.tracing, (item) => ({
    name: `process ${item.value.type}`,
    attributes: { 'coin.command.id': item.value.commandId, 'coin.command.type': item.value.type },
  }));
  const applyOne = async (item: Delivered<UserCommand>): Promise<void> => {
    const command = item.value;
    const span = spans.spanOf(item);
    // The balance is read before the transaction (no row lock held across an HTTP call); a
    // failed read throws UNAVAILABLE, a transient failure: the command comes back, and is never
    // decided without the figure.
    const deletions = deps.deletions;
    const balanceUserId = deletions ? userModuleOf(command).balanceOf?.(command) : undefined;
    const balanceMinor = deletions && balanceUserId !== undefined ? await deletions.balanceOf(balanceUserId) : undefined;
    const { outcome, outbox } = await applyUserCommand(deps.store, command, deps.clock, {
      requestId: item.headers[headerNames.requestId],
      grants: deps.grants,
      ...(deletions ? { deletionPolicy: deletions.policy } : {}),
      ...(balanceMinor !== undefined ? { balanceMinor } : {}),
    });
    span?.setAttribute('coin.command.ok', outcome.ok);
    await deps.outbox.publishCommitted(outbox);
    // Before the answer (a redelivery's too): nothing the caller does once answered can reach a
    // ledger partition before the revocation. Kafka not taking it fails the batch as transient.
    if (deps.revocations && userModuleOf(command).revokes) await deps.revocations.flush();
    const address = replyAddressOf(item.headers, deps.replyTopic);
    // The reply names the command's span: the caller's span links to it.
    if (address)
      await sendReply(deps.producer, address, replyBodyOf(command.commandId, outcome), span ? traceHeadersOfSpan(span) : undefined);
    deps.logger.child({ commandId: command.commandId, type: command.type }).info({ ok: outcome.ok }, 'user command applied');
  };
  // Each command is spanned on its own: a failure fails its span only, and the commands after it
  // (redelivered) have none yet.
  const applySpanned = spans.wrap(async (one: Delivered<UserCommand>[]) => {
    for (const item of one) await applyOne(item);
  });
  return async (items: Delivered<UserCommand>[]): Promise<void> => {
    for (const item of items) await applySpanned([item]);
  };
}
