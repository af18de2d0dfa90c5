import { headerNames, type UserCommand } from '@coin/contracts';
import type { OutboxRelay } from '@coin/db';
import { replyAddressOf, replyBodyOf, sendReply, type BatchingProducer, type Delivered } from '@coin/kafka';
import type { Logger } from '@coin/logger';
import { applyUserCommand, type UserCommandClock } from '../apply/apply-user-command';
import type { UserCommandStore } from '../apply/store';

export interface UserCommandDeps {
  store: UserCommandStore;
  producer: BatchingProducer;
  outbox: OutboxRelay;
  /** The one topic commands are answered on (the gateway's replies); see replyAddressOf. */
  replyTopic: string;
  logger: Logger;
  clock: UserCommandClock;
}

/**
 * The user.commands consumer: each delivered (already validated) command is applied, its events
 * published as soon as they are committed, and its outcome sent to the caller. One at a time, in
 * partition order: commands about one account are applied in the order they were sent.
 */
export function handleUserCommands(deps: UserCommandDeps) {
  return async (items: Delivered<UserCommand>[]): Promise<void> => {
    for (const item of items) {
      const command = item.value;
      const { outcome, outbox } = await applyUserCommand(deps.store, command, deps.clock, {
        requestId: item.headers[headerNames.requestId],
      });
      await deps.outbox.publishCommitted(outbox);
      const address = replyAddressOf(item.headers, deps.replyTopic);
      if (address) await sendReply(deps.producer, address, replyBodyOf(command.commandId, outcome));
      deps.logger.child({ commandId: command.commandId, type: command.type }).info({ ok: outcome.ok }, 'user command applied');
    }
  };
}
