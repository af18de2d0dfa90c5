import { randomUUID } from 'node:crypto';
import {
  apiKeyScopeNeeded,
  withOwnTreasuries,
  ledgerResults,
  partitionKeyOf,
  userPartitionKeyOf,
  userResults,
  type Actor,
  type LedgerCommandType,
  type LedgerDraft,
  type LedgerResult,
  type Reply,
  type TopicNames,
  type UserCommandType,
  type UserDraft,
  type UserResult,
} from '@coin/contracts';
import { AppError, InvariantViolation } from '@coin/errors';
import type { RequestReplyClient } from '@coin/kafka';
import type { z } from 'zod';

/*
 * The contract's result schemas, typed per command so that the schema picked by a draft's type
 * parses into that command's result (TypeScript follows a generic key through a mapped type,
 * not through the object literal's own type).
 */
const ledgerResultSchemas: { [T in LedgerCommandType]: z.ZodType<LedgerResult<T>> } = ledgerResults;
const userResultSchemas: { [T in UserCommandType]: z.ZodType<UserResult<T>> } = userResults;

/** Who sends a command and under which ids; the draft says what it is. */
export interface CommandContext {
  actor: Actor;
  /** The caller's access token: the proof of `actor` that the applying service verifies. */
  proof?: string;
  /** The proof of the caller's API key, on a request whose route checked one: what an admin money command carries besides `proof`. */
  keyProof?: string;
  /**
   * The proof of the users a test-mode client's sandbox command names, signed by the user service
   * when the route asked which of them are the client's (requireTestUsers): what the sandbox ledger
   * judges those users by (docs/decisions/0018-sandbox.md "Whose users a test client names").
   */
  usersProof?: string;
  /** The command id; given when the caller's Idempotency-Key fixed it, fresh otherwise. */
  commandId?: string;
  requestId?: string;
  /** Called when the answer is a stored one: a retry of a command already applied or refused. */
  onReplayed?: () => void;
  /**
   * A dry run (docs/DESIGN.md "Dry runs"): the command carries the mark, and its reply must carry
   * it back, else the ledger that answered applied it (an older one): a 500, never a preview.
   */
  dryRun?: true;
  /** The ledger space the caller's token is of (docs/decisions/0018-sandbox.md): `test` goes to the sandbox ledger. Absent: live. */
  space?: 'live' | 'test';
}

/**
 * Sends typed commands over Kafka: it picks the topic, keys each command with the contract's
 * partition rule, checks the reply against the contract and turns a rejected reply into the
 * AppError it carries. Routes say what to do, never where it travels.
 */
export class CommandBus {
  constructor(
    private readonly client: RequestReplyClient,
    private readonly topics: Pick<TopicNames, 'ledgerCommands' | 'userCommands'>,
    private readonly timeoutMs: number,
    private readonly now: () => Date = () => new Date(),
    /**
     * The sandbox (docs/decisions/0018-sandbox.md), when this gateway has one: its ledger.commands,
     * and the client that reads its answers on the sandbox's own reply topic, so the sandbox ledger
     * writes no live topic.
     */
    private readonly sandbox?: { ledgerCommands: string; client: RequestReplyClient },
  ) {}

  /** The sandbox; a test-mode command with no sandbox is a route the auth hook should have refused. */
  private sandboxOrBug(): { ledgerCommands: string; client: RequestReplyClient } {
    if (!this.sandbox) throw new InvariantViolation('a test-mode command reached the bus of a gateway without a sandbox');
    return this.sandbox;
  }

  /** Sends a ledger command and returns its result, or throws its rejection. */
  async ledger<D extends LedgerDraft>(draft: D, context: CommandContext): Promise<LedgerResult<D['type']>> {
    const type: D['type'] = draft.type;
    // A person's admin money command carries the proof of their key, which the ledger requires
    // (docs/DESIGN.md "API keys"): a route sending one without having checked a key is a bug here,
    // not a refusal to be learnt from the ledger.
    const needsKey = apiKeyScopeNeeded({ ...draft, actor: context.actor } as Parameters<typeof apiKeyScopeNeeded>[0]) !== null;
    if (needsKey && !context.keyProof) throw new InvariantViolation(`a ${type} of a person was sent without the proof of an API key`);
    const { keyProof: _unused, ...withoutKey } = context;
    const sent = needsKey ? context : withoutKey;
    // A test-mode caller's command goes to the sandbox ledger, never the live one, and is answered
    // on the sandbox's reply topic (docs/decisions/0018-sandbox.md).
    const sandbox = context.space === 'test' ? this.sandboxOrBug() : undefined;
    // There, each test client pays from and into treasuries of its own (libs/contracts own-treasuries.ts).
    const owned = sandbox ? withOwnTreasuries(draft, context.actor.id) : draft;
    const reply = sandbox
      ? await this.send(sandbox.ledgerCommands, partitionKeyOf(owned), owned, sent, sandbox.client)
      : await this.send(this.topics.ledgerCommands, partitionKeyOf(draft), draft, sent);
    return resultOf(ledgerResultSchemas[type], type, reply);
  }

  /** Sends a user command and returns its result, or throws its rejection. */
  async user<D extends UserDraft>(draft: D, context: CommandContext): Promise<UserResult<D['type']>> {
    const type: D['type'] = draft.type;
    const reply = await this.send(this.topics.userCommands, userPartitionKeyOf(draft), draft, context);
    return resultOf(userResultSchemas[type], type, reply);
  }

  private async send(
    topic: string,
    key: string,
    draft: LedgerDraft | UserDraft,
    context: CommandContext,
    client: RequestReplyClient = this.client,
  ): Promise<Reply> {
    const reply = await client.request({
      topic,
      key,
      timeoutMs: this.timeoutMs,
      ...(context.requestId ? { requestId: context.requestId } : {}),
      command: {
        commandId: context.commandId ?? randomUUID(),
        type: draft.type,
        issuedAt: this.now().toISOString(),
        actor: context.actor,
        ...(context.proof ? { proof: context.proof } : {}),
        ...(context.keyProof ? { keyProof: context.keyProof } : {}),
        ...(context.usersProof ? { usersProof: context.usersProof } : {}),
        ...(context.dryRun ? { dryRun: true } : {}),
        data: draft.data,
      },
    });
    if (context.dryRun && reply.dryRun !== true)
      throw new InvariantViolation(`command ${reply.commandId} was sent as a dry run and answered as applied`);
    if (reply.replayed) context.onReplayed?.();
    return reply;
  }
}

/**
 * The result of an accepted reply as its contract describes it. A result of another shape is a
 * sender and a receiver that disagree (a bug or a half-done deployment), not a condition of the
 * world: it is logged and answered 500, never passed on unchecked.
 */
function resultOf<R>(schema: z.ZodType<R>, type: string, reply: Reply): R {
  if (!reply.ok) {
    const error = AppError.fromWire(reply.error);
    // A command set aside or refused before apply names itself, so the caller (and support) can find it.
    if (error.code === 'COMMAND_FAILED' || error.code === 'COMMAND_REFUSED')
      throw new AppError(error.code, error.message, { extra: { commandId: reply.commandId } });
    throw error;
  }
  const parsed = schema.safeParse(reply.result);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(result)'}: ${issue.message}`).join('; ');
    throw new InvariantViolation(`the reply to ${type} command ${reply.commandId} does not match its contract (${issues})`);
  }
  return parsed.data;
}
