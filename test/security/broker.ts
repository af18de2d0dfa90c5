import { randomUUID } from 'node:crypto';
import type { ProofActor, ProofCache } from '../../scripts/stack/proofs';
import { createServer } from 'node:net';
import { type KafkaAcl, kafkaAclsOf, kafkaUserOf, topicNames, walletKeyOfUser, type KafkaService, type Reply } from '@coin/contracts';
import { BatchingProducer, createKafka, RequestReplyClient, type KafkaClientSecurity } from '@coin/kafka';
import type { Logger } from '@coin/logger';
import { eventually } from '../harness/eventually';
import { AclOperationTypes, AclPermissionTypes, AclResourceTypes, ResourcePatternTypes, type AclEntry } from 'kafkajs';

/**
 * What the Kafka security tests (kafka-sasl, kafka-tls) share about the broker of their own they
 * start: free ports for it, the ACL bindings of the per-service table, and a transfer through the
 * ledger as the gateway principal sends it.
 */

/** A port free on the loopback now (the broker binds it a moment later). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** kafkaAclsOf (what the KafkaUsers declare) as the broker's ACL bindings for `User:<name>`. */
export function aclEntriesOf(service: KafkaService): AclEntry[] {
  return aclBindingsOf(kafkaUserOf(service), kafkaAclsOf(service));
}

/** Strimzi `simple` ACLs (allow rules) as the broker's ACL bindings of `User:<principal>`. */
export function aclBindingsOf(principal: string, acls: KafkaAcl[]): AclEntry[] {
  const operation = {
    Read: AclOperationTypes.READ,
    Write: AclOperationTypes.WRITE,
    Describe: AclOperationTypes.DESCRIBE,
    Create: AclOperationTypes.CREATE,
    Alter: AclOperationTypes.ALTER,
    DescribeConfigs: AclOperationTypes.DESCRIBE_CONFIGS,
    AlterConfigs: AclOperationTypes.ALTER_CONFIGS,
  };
  return acls.flatMap((acl) =>
    acl.operations.map((op) => ({
      resourceType: acl.resource.type === 'topic' ? AclResourceTypes.TOPIC : AclResourceTypes.GROUP,
      resourceName: acl.resource.name,
      resourcePatternType: acl.resource.patternType === 'prefix' ? ResourcePatternTypes.PREFIXED : ResourcePatternTypes.LITERAL,
      principal: `User:${principal}`,
      host: '*',
      operation: operation[op],
      permissionType: AclPermissionTypes.ALLOW,
    })),
  );
}

/** Sends ledger commands as the gateway does (BatchingProducer out, its reply consumer in) with the given client security. */
export async function gatewayCommandSender(
  brokers: string[],
  security: KafkaClientSecurity,
  clientId: string,
  logger: Logger,
  closers: Array<() => Promise<unknown>>,
  proofs?: ProofCache,
): Promise<CommandSender> {
  const kafka = createKafka({ brokers, clientId, logger, security });
  const producer = new BatchingProducer(kafka.producer(), logger);
  await producer.connect();
  closers.push(() => producer.close());
  const client = new RequestReplyClient(kafka, producer, topicNames('').gatewayReplies, logger);
  await client.start();
  closers.push(() => client.stop());
  return async (type, key, data, actor = proofActor) => {
    // With `proofs`, as the gateway sends: the actor and their own token. Without, what a process
    // holding only the gateway's Kafka credentials can write: an actor named, nothing to prove it.
    const proof = proofs ? await proofs.of(actor) : undefined;
    return client.request({
      topic: topicNames('').ledgerCommands,
      key,
      timeoutMs: 20_000,
      command: {
        commandId: randomUUID(),
        type,
        issuedAt: new Date().toISOString(),
        actor: { kind: actor.kind, id: actor.id, ...(actor.role ? { role: actor.role } : {}) },
        ...(proof ? { proof } : {}),
        data,
      },
    });
  };
}

/** Sends one command to ledger.commands as the gateway principal; `actor` defaults to a SUPERADMIN. */
export type CommandSender = (type: string, key: string, data: unknown, actor?: ProofActor) => Promise<Reply>;

const proofActor: ProofActor = { kind: 'user', id: '999999999', role: 'SUPERADMIN' };

/**
 * Users 1 and 2 get wallets, user 1 is minted 10 coins and sends 4 to user 2; resolves once the
 * ledger at `ledgerUrl` shows user 2's credit leg applied (on ledger.internal, or in place).
 */
export async function transferThroughTheLedger(
  send: CommandSender,
  ledgerUrl: string,
  reason: string,
  /** The `authorization` of the ledger read, as the gateway (its service token). */
  authorization: () => Promise<string>,
): Promise<void> {
  for (const userId of [1, 2]) expect(await send('ledger.open-wallet', walletKeyOfUser(userId), { userId })).toMatchObject({ ok: true });
  const mint = await send('ledger.mint', walletKeyOfUser(1), { to: { kind: 'user', userId: 1 }, amount: 1_000, reason: 'seed' });
  expect(mint).toMatchObject({ ok: true });
  const transfer = await send(
    'ledger.transfer',
    walletKeyOfUser(1),
    {
      kind: 'TRANSFER',
      fromUserId: 1,
      to: { kind: 'user', userId: 2 },
      amount: 400,
      reason,
    },
    { kind: 'user', id: '1', role: 'USER' },
  );
  expect(transfer).toMatchObject({ ok: true });
  await eventually(
    async () => {
      const body = (await (
        await fetch(`${ledgerUrl}/internal/wallets/by-user/2`, { headers: { authorization: await authorization() } })
      ).json()) as { balance?: number | string };
      // Commands carry minor units: 400 is 4 coins.
      return Number(body.balance) === 4 ? body : undefined;
    },
    20_000,
    'the credit leg of user 2',
  );
}
