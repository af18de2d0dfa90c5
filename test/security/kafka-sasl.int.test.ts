// Kafka security (part 3): a broker of its own with SCRAM-SHA-512 and ACLs, the ACLs
// the Strimzi KafkaUsers declare (libs/contracts kafkaAclsOf), and the services against it.
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { kafkaSecurityOf } from '@coin/config';
import { type KafkaAcl, kafkaServices, kafkaUserOf, topicNames, walletKeyOfUser, type KafkaService } from '@coin/contracts';
import { createKafka, type KafkaClientSecurity } from '@coin/kafka';
import { loadLedgerConfig, startLedgerService, type RunningService } from '@coin/ledger';
import { createLogger } from '@coin/logger';
import type { Kafka, Producer } from 'kafkajs';
import { ensureKafka, kafkaLayout, stopKafka, superUserSasl, withSasl, type KafkaLayout } from '../../scripts/infra/kafka';
import { serviceEnvs } from '../../scripts/stack/env';
import { generateJwtKey, generateServiceKeys, type JwtKey } from '../../scripts/stack/keys';
import { ProofCache } from '../../scripts/stack/proofs';
import { provision } from '../../scripts/stack/provision';
import { aclBindingsOf, aclEntriesOf, freePort, gatewayCommandSender, transferThroughTheLedger } from './broker';
import { readYamlDocs } from '../deploy/manifests';
import { testInfra, uniquePrefix } from '../harness/env';
import { ServiceTokenSigner } from '@coin/http';

/** This file's service keys: its ledger admits the gateway's, and the test reads the ledger as the gateway. */
const serviceKeys = generateServiceKeys();
const asGateway = new ServiceTokenSigner('gateway', serviceKeys.gateway.privateKeyPem).authorizationFor('ledger');

const repoRoot = path.join(__dirname, '..', '..');
const logger = createLogger('kafka-sasl-test', (process.env.COIN_TEST_LOG_LEVEL ?? 'error') as 'error');
const secret = () => randomBytes(18).toString('hex');

/** A bare kafkajs producer (no retries) authenticated as `username`: what the broker says is what the test sees. */
async function producerAs(brokers: string[], username: string, password: string): Promise<Producer> {
  const kafka = createKafka({
    brokers,
    clientId: `sasl-test-${username}`,
    logger,
    security: { sasl: { mechanism: 'scram-sha-512', username, password } },
  });
  const producer = kafka.producer({ retry: { retries: 0 } });
  await producer.connect();
  return producer;
}

/** The broker's error code for a refused request (kafkajs wraps it in a KafkaJSNonRetriableError), or 'accepted'. */
async function refusal(request: Promise<unknown>): Promise<string> {
  try {
    await request;
    return 'accepted';
  } catch (err) {
    const e = err as { type?: string; cause?: { type?: string }; message?: string };
    return e.cause?.type ?? e.type ?? String(e.message);
  }
}

const creditCommand = () => ({
  commandId: randomUUID(),
  type: 'ledger.credit',
  issuedAt: new Date().toISOString(),
  actor: { kind: 'operator' as const, id: 'forged' },
  // Valid in every field: only the topic it travels on and who wrote it may stop it.
  data: { transactionId: 1, to: { kind: 'user', userId: 1 }, amount: 1_000_000, returnTo: null },
});

/** The consuming team's KafkaUser as the template declares it (deploy/k8s/templates): its name and ACLs, exactly. */
const eventConsumer = (() => {
  const [user] = readYamlDocs(path.join(repoRoot, 'deploy/k8s/templates/kafkauser-event-consumer.yaml'));
  return {
    name: String(user!.metadata.name),
    acls: user!.spec.authorization.acls as KafkaAcl[], // both state their patternType
    groupPrefix: String((user!.spec.authorization.acls as KafkaAcl[]).find((a) => a.resource.type === 'group')!.resource.name),
    password: secret(),
  };
})();

describe('Kafka with SASL/SCRAM-SHA-512 and the per-service ACLs', () => {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coin-kafka-sasl-'));
  const passwords = Object.fromEntries(kafkaServices.map((s) => [s, secret()])) as Record<KafkaService, string>;
  const prefix = uniquePrefix();
  // ACLs name topics without a prefix (production's empty TOPIC_PREFIX): this broker is ours alone.
  const topics = topicNames('');
  let layout: KafkaLayout;
  let brokers: string[];
  let admin: ReturnType<Kafka['admin']> | undefined;
  let ledger: RunningService | undefined;
  let ledgerEnv: Record<string, string>;
  let jwtKey: JwtKey;
  const closers: Array<() => Promise<unknown>> = [];

  const passwordFile = (name: string, password: string) => {
    const file = path.join(workDir, `${name}.password`);
    fs.writeFileSync(file, `${password}\n`, { mode: 0o600 });
    return file;
  };
  const securityOf = (service: KafkaService): KafkaClientSecurity => ({
    sasl: { mechanism: 'scram-sha-512', username: kafkaUserOf(service), password: passwords[service] },
  });

  beforeAll(async () => {
    const port = await freePort();
    const controllerPort = await freePort();
    layout = withSasl(
      kafkaLayout({
        KAFKA_PORT: String(port),
        KAFKA_CONTROLLER_PORT: String(controllerPort),
        KAFKA_DATA_DIR: path.join(workDir, 'data'),
        KAFKA_RUN_DIR: path.join(workDir, 'run'),
      }),
      {
        superUser: { name: 'coin-ledger-admin', password: secret() },
        users: [
          ...kafkaServices.map((s) => ({ name: kafkaUserOf(s), password: passwords[s] })),
          { name: eventConsumer.name, password: eventConsumer.password },
        ],
      },
    );
    brokers = (await ensureKafka(() => undefined, layout)).brokers;

    // The ACLs first (as the super user), then the topics and schemas as the migrate principal.
    admin = createKafka({ brokers, clientId: 'sasl-test-admin', logger, security: { sasl: superUserSasl(layout)! } }).admin();
    await admin.connect();
    await admin.createAcls({ acl: [...kafkaServices.flatMap(aclEntriesOf), ...aclBindingsOf(eventConsumer.name, eventConsumer.acls)] });
    await provision({
      kafkaBrokers: brokers,
      kafkaSecurity: securityOf('migrate'),
      databaseUrl: testInfra().databaseUrl,
      topicPrefix: '',
      schemaPrefix: prefix,
    });

    jwtKey = generateJwtKey(`sasl-${prefix}`);
    ledgerEnv = {
      ...serviceEnvs({
        ...testInfra(),
        kafkaBrokers: brokers,
        topicPrefix: '',
        schemaPrefix: prefix,
        jwtKey,
        serviceKeys,
        logLevel: process.env.COIN_TEST_LOG_LEVEL ?? 'error',
        ports: { gateway: 0, user: 0, ledger: 0, history: 0, webhooks: 0, monitoring: 0 },
      }).ledger,
      KAFKA_SECURITY_PROTOCOL: 'SASL_PLAINTEXT',
      KAFKA_SASL_USERNAME: kafkaUserOf('ledger'),
      KAFKA_SASL_PASSWORD_FILE: passwordFile('ledger', passwords.ledger),
    };
  }, 90_000);

  afterAll(async () => {
    for (const close of closers.reverse()) await close().catch(() => undefined);
    await ledger?.close().catch(() => undefined);
    await admin?.disconnect().catch(() => undefined);
    if (layout) await stopKafka(() => undefined, layout);
    fs.rmSync(workDir, { recursive: true, force: true });
  }, 60_000);

  it('when the ledger authenticates as its KafkaUser, then it starts and applies what the gateway principal sends, its credit leg included', async () => {
    const config = loadLedgerConfig(ledgerEnv);
    expect(kafkaSecurityOf(config).sasl).toMatchObject({ username: 'coin-ledger-ledger', password: passwords.ledger });
    ledger = await startLedgerService(config, logger);

    const send = await gatewayCommandSender(brokers, securityOf('gateway'), 'sasl-test-gateway', logger, closers, new ProofCache(jwtKey));
    // Its credit leg: a ledger.credit the ledger sends to ledger.internal as its own principal (or
    // applies in place when it owns the payee's partition too); either way the payee is credited.
    await transferThroughTheLedger(send, ledger.url, 'sasl', asGateway);
  }, 60_000);

  it('when the ledger process has a wrong password, then it exits non-zero with an authentication error instead of running', async () => {
    // The service's own entry (main.ts), as the image runs it: a failed start exits for the orchestrator.
    const wrong = passwordFile('wrong', secret());
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'services/ledger/src/main.ts')], {
      cwd: repoRoot,
      env: { ...process.env, ...ledgerEnv, KAFKA_SASL_PASSWORD_FILE: wrong, LOG_LEVEL: 'error' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 40_000);
    const [code, signal] = (await once(child, 'exit')) as [number | null, NodeJS.Signals | null];
    clearTimeout(timer);
    expect({ code, signal }).toEqual({ code: 1, signal: null });
    expect(output).toMatch(/service failed to start/);
    expect(output).toMatch(/SASL SCRAM SHA512 authentication failed/);
    // Never the password in the logs.
    expect(output).not.toContain(fs.readFileSync(wrong, 'utf8').trim());
  }, 60_000);

  it('when a SASL protocol has no password, then the configuration is refused before anything connects', async () => {
    const { KAFKA_SASL_PASSWORD_FILE: _dropped, ...withoutPassword } = ledgerEnv;
    const config = loadLedgerConfig(withoutPassword);
    await expect(startLedgerService(config, logger)).rejects.toThrow(
      /KAFKA_SASL_PASSWORD: required with KAFKA_SECURITY_PROTOCOL=SASL_PLAINTEXT/,
    );
    expect(() => kafkaSecurityOf(loadLedgerConfig({ ...withoutPassword, KAFKA_SASL_USERNAME: '' }))).toThrow(
      /KAFKA_SASL_USERNAME: required/,
    );
  });

  it('when another principal than the ledger writes a credit leg to ledger.internal, then the broker refuses it (TOPIC_AUTHORIZATION_FAILED)', async () => {
    for (const service of ['gateway', 'history', 'user'] as const) {
      const producer = await producerAs(brokers, kafkaUserOf(service), passwords[service]);
      closers.push(() => producer.disconnect());
      const forged = producer.send({
        topic: topics.ledgerInternal,
        messages: [{ key: walletKeyOfUser(1), value: JSON.stringify(creditCommand()) }],
      });
      expect([service, await refusal(forged)]).toEqual([service, 'TOPIC_AUTHORIZATION_FAILED']);
    }
  });

  /** User 1's balance as the ledger reads it (the gateway's service token: its internal API admits no one else). */
  const balanceOfUser1 = async () =>
    Number(
      (
        (await (await fetch(`${ledger!.url}/internal/wallets/by-user/1`, { headers: { authorization: await asGateway() } })).json()) as {
          balance: number;
        }
      ).balance,
    );

  it('when a process with only the gateway principal forges a mint (an actor named, no proof of it), then the ledger refuses it and mints nothing', async () => {
    expect(ledger).toBeDefined(); // started by the first case
    const forger = await gatewayCommandSender(brokers, securityOf('gateway'), 'sasl-test-mint-forger', logger, closers);
    const before = await balanceOfUser1();
    const reply = await forger('ledger.mint', walletKeyOfUser(1), {
      to: { kind: 'user', userId: 1 },
      amount: 99_999_900,
      reason: 'forged',
    });
    expect(reply).toMatchObject({ ok: false, error: { code: 'COMMAND_REFUSED' } });
    const close = await forger('ledger.close-wallet', walletKeyOfUser(2), { userId: 2, reason: 'forged' });
    expect(close).toMatchObject({ ok: false, error: { code: 'COMMAND_REFUSED' } });
    expect(await balanceOfUser1()).toBe(before);
  }, 60_000);

  it('when the gateway principal writes a credit leg to ledger.commands (which it may write), then the ledger refuses it and credits nothing', async () => {
    expect(ledger).toBeDefined(); // started by the first case
    const send = await gatewayCommandSender(brokers, securityOf('gateway'), 'sasl-test-forger', logger, closers);
    const before = await balanceOfUser1();
    // The history principal reads admin.audit (its ACLs: Read on it, groups history-*).
    const audit = createKafka({ brokers, clientId: 'sasl-test-audit-reader', logger, security: securityOf('history') }).consumer({
      groupId: `history-sasl-test-${randomUUID()}`,
    });
    const records: Array<{ type?: string; record?: { action?: string; source?: string; result?: string } }> = [];
    await audit.connect();
    closers.push(() => audit.disconnect());
    await audit.subscribe({ topic: topics.adminAudit, fromBeginning: true });
    await audit.run({ eachMessage: async ({ message }) => void records.push(JSON.parse(message.value?.toString() ?? '{}')) });
    const { type, data } = creditCommand();
    const reply = await send(type, walletKeyOfUser(1), data);
    expect(reply).toMatchObject({ ok: false, error: { code: 'COMMAND_REFUSED' } });
    expect(await balanceOfUser1()).toBe(before);
    // The ledger, under its own KafkaUser, recorded the forgery in the admin audit log.
    // (The topic holds the earlier cases' refusals too, such as the forged mint: this one is the credit leg's.)
    const creditRefusal = () => records.find((r) => r.type === 'admin.refusal.recorded' && r.record?.action === 'ledger.credit');
    const deadline = Date.now() + 20_000;
    while (!creditRefusal() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(creditRefusal()?.record).toMatchObject({ source: 'ledger', action: 'ledger.credit', result: 'rejected' });
  }, 60_000);

  it('when a principal writes a topic its KafkaUser does not list, then the broker refuses it; only the ledger writes the money events', async () => {
    const refused: Array<[KafkaService, string]> = [
      // The user service writes ledger.commands (its signed revocation records, which the ledger
      // verifies), never the ledger's own commands.
      ['user', topics.ledgerInternal],
      ['ledger', topics.ledgerCommands],
      ['ledger', topics.userCommands],
      ['gateway', topics.coinTransactions],
      ['user', topics.coinHolds],
      ['history', topics.coinTransactions],
      ['history', topics.adminAudit],
      // The gateway writes its refusal records to admin.refusals only: never a record of an action.
      ['gateway', topics.adminAudit],
      ['history', topics.adminRefusals],
      ['migrate', topics.ledgerCommands],
    ];
    for (const [service, topic] of refused) {
      const producer = await producerAs(brokers, kafkaUserOf(service), passwords[service]);
      closers.push(() => producer.disconnect());
      const answer = await refusal(producer.send({ topic, messages: [{ value: '{}' }] }));
      expect([service, topic, answer]).toEqual([service, topic, 'TOPIC_AUTHORIZATION_FAILED']);
    }
    const ledgerProducer = await producerAs(brokers, kafkaUserOf('ledger'), passwords.ledger);
    closers.push(() => ledgerProducer.disconnect());
    // Allowed (this broker is the test's own: no history service reads the probe).
    await expect(ledgerProducer.send({ topic: topics.coinTransactions, messages: [{ value: '{}' }] })).resolves.toBeDefined();
    // The gateway writes its refusal records to admin.refusals (and nothing else beyond the commands).
    const gatewayProducer = await producerAs(brokers, kafkaUserOf('gateway'), passwords.gateway);
    closers.push(() => gatewayProducer.disconnect());
    await expect(gatewayProducer.send({ topic: topics.adminRefusals, messages: [{ value: '{}' }] })).resolves.toBeDefined();
    // The ledger writes its own commands to ledger.internal (an empty value: dead-lettered, moves nothing).
    await expect(ledgerProducer.send({ topic: topics.ledgerInternal, messages: [{ key: 'probe', value: '{}' }] })).resolves.toBeDefined();
  });

  it('when a principal is unknown or its password wrong, then the connection fails with an authentication error', async () => {
    await expect(producerAs(brokers, 'intruder', secret())).rejects.toThrow(/SASL|authenticat/i);
    await expect(producerAs(brokers, kafkaUserOf('gateway'), secret())).rejects.toThrow(/SASL|authenticat/i);
  });

  it("when a consuming team connects as the template's KafkaUser, then it reads coin.transactions in its own group, and may not read commands, write events or use the ledger's group", async () => {
    const sasl = { mechanism: 'scram-sha-512' as const, username: eventConsumer.name, password: eventConsumer.password };
    const team = createKafka({ brokers, clientId: 'sasl-test-team', logger, security: { sasl } });
    const marker = randomUUID();
    const ledgerProducer = await producerAs(brokers, kafkaUserOf('ledger'), passwords.ledger);
    closers.push(() => ledgerProducer.disconnect());
    await ledgerProducer.send({ topic: topics.coinTransactions, messages: [{ key: 'probe', value: JSON.stringify({ marker }) }] });

    const consumer = team.consumer({ groupId: `${eventConsumer.groupPrefix}probe`, retry: { retries: 0 } });
    closers.push(() => consumer.disconnect());
    await consumer.connect();
    await consumer.subscribe({ topic: topics.coinTransactions, fromBeginning: true });
    const seen = new Promise<void>((resolve) => {
      void consumer.run({
        eachMessage: async ({ message }) => {
          if (message.value?.toString().includes(marker)) resolve();
        },
      });
    });
    await expect(Promise.race([seen.then(() => 'read'), new Promise((r) => setTimeout(() => r('timed out'), 30_000))])).resolves.toBe(
      'read',
    );

    const admin = team.admin();
    closers.push(() => admin.disconnect());
    await admin.connect();
    expect(await refusal(admin.fetchTopicOffsets(topics.ledgerCommands))).toBe('TOPIC_AUTHORIZATION_FAILED');
    expect(await refusal(admin.fetchTopicOffsets(topics.userEvents))).toBe('TOPIC_AUTHORIZATION_FAILED');
    // Its own group's offsets, yes; the ledger's group, no: the broker refuses the team even the
    // coordinator lookup (GROUP_AUTHORIZATION_FAILED, which kafkajs reports as no coordinator found).
    await expect(
      admin.fetchOffsets({ groupId: `${eventConsumer.groupPrefix}probe`, topics: [topics.coinTransactions] }),
    ).resolves.toBeDefined();
    expect(await refusal(admin.fetchOffsets({ groupId: 'ledger-service', topics: [topics.coinTransactions] }))).toMatch(
      /GROUP_AUTHORIZATION_FAILED|Failed to find group coordinator/,
    );
    const producer = team.producer({ retry: { retries: 0 } });
    closers.push(() => producer.disconnect());
    await producer.connect();
    expect(await refusal(producer.send({ topic: topics.coinTransactions, messages: [{ value: '{}' }] }))).toBe(
      'TOPIC_AUTHORIZATION_FAILED',
    );
  }, 60_000);
});
