import { randomUUID } from 'node:crypto';
import type { Actor, Reply } from '@coin/contracts';
import { AppError } from '@coin/errors';
import type { RequestReplyClient } from '@coin/kafka';

export interface SendCommand {
  topic: string;
  key: string;
  type: string;
  data: unknown;
  actor: Actor;
  /** The command id; given when the caller's Idempotency-Key fixed it, fresh otherwise. */
  commandId?: string;
  requestId?: string;
}

/** Sends commands over Kafka and turns a rejected reply into the AppError it carries. */
export class CommandBus {
  constructor(
    private readonly client: RequestReplyClient,
    private readonly timeoutMs: number,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async send(command: SendCommand): Promise<Reply> {
    return this.client.request({
      topic: command.topic,
      key: command.key,
      timeoutMs: this.timeoutMs,
      ...(command.requestId ? { requestId: command.requestId } : {}),
      command: {
        commandId: command.commandId ?? randomUUID(),
        type: command.type,
        issuedAt: this.now().toISOString(),
        actor: command.actor,
        data: command.data,
      },
    });
  }

  /** Sends and returns the result of an accepted command, or throws the rejection. */
  async execute<T>(command: SendCommand): Promise<T> {
    const reply = await this.send(command);
    if (!reply.ok) {
      const error = AppError.fromWire(reply.error);
      // A command set aside names itself, so the caller (and support) can find it.
      if (error.code === 'COMMAND_FAILED') throw new AppError(error.code, error.message, { extra: { commandId: reply.commandId } });
      throw error;
    }
    return reply.result as T;
  }
}
