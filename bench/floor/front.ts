/**
 * The transport floor's HTTP front (bench/lib/transport-floor.ts): what the gateway does for a
 * money command with everything but the transport taken out — no authentication, Redis,
 * validation or problem mapping. FLOOR_MODE=http answers at once (Node's HTTP and fastify
 * alone); FLOOR_MODE=kafka sends each request as a command through the gateway's own
 * RequestReplyClient and BatchingProducer (same linger) and answers with the reply.
 * Prints "ready" on stdout once it can take load.
 */
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { BatchingProducer, createKafka, RequestReplyClient } from '@coin/kafka';
import { createLogger } from '@coin/logger';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};

async function main(): Promise<void> {
  const mode = env('FLOOR_MODE');
  const logger = createLogger('floor-front', 'warn');
  const app = Fastify({ logger: false });
  let client: RequestReplyClient | undefined;
  let producer: BatchingProducer | undefined;
  if (mode === 'kafka') {
    const kafka = createKafka({ brokers: env('KAFKA_BROKERS').split(','), clientId: 'floor-front', logger });
    producer = new BatchingProducer(kafka.producer(), logger, { lingerMs: Number(env('FLOOR_LINGER_MS')) });
    await producer.connect();
    client = new RequestReplyClient(kafka, producer, env('FLOOR_REPLY_TOPIC'), logger);
    await client.start();
  }
  const commandTopic = process.env.FLOOR_COMMAND_TOPIC ?? '';
  app.post('/floor', async (request, reply) => {
    const body = request.body as { toUserId?: unknown };
    if (!client) return reply.code(201).send({ ok: true, data: body });
    const answer = await client.request({
      topic: commandTopic,
      key: String(body.toUserId),
      timeoutMs: 10_000,
      command: {
        commandId: randomUUID(),
        type: 'floor.echo',
        issuedAt: new Date().toISOString(),
        actor: { kind: 'service', id: 'floor' },
        data: body,
      },
    });
    return reply.code(answer.ok ? 201 : 500).send(answer.ok ? answer.result : answer.error);
  });
  await app.listen({ host: '127.0.0.1', port: Number(env('FLOOR_PORT')) });
  process.stdout.write('ready\n');
  process.once('SIGTERM', () => {
    void (async () => {
      await app.close();
      await client?.stop();
      await producer?.close();
      process.exit(0);
    })();
  });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
