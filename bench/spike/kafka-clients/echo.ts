/**
 * The spike's echo (../kafka-clients.ts): the ledger's command path with the ledger taken out.
 * It reads the command topic and answers each command at once on its reply-to topic, keyed by
 * its correlation id, with the command's data as the result. Prints "ready" once consuming.
 */
import { createTransport, isClientName } from './transport';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};

async function main(): Promise<void> {
  const client = env('SPIKE_CLIENT');
  if (!isClientName(client)) throw new Error(`unknown SPIKE_CLIENT ${client}`);
  const transport = await createTransport(client, env('KAFKA_BROKERS').split(','), 'spike-echo');
  await transport.consume(env('SPIKE_COMMAND_TOPIC'), env('SPIKE_GROUP'), (message) => {
    const replyTo = message.headers['reply-to'];
    const correlationId = message.headers['correlation-id'];
    if (!replyTo || !correlationId) return;
    const command = JSON.parse(message.value) as { commandId: string; data: unknown };
    const reply = JSON.stringify({ commandId: command.commandId, ok: true, result: command.data });
    transport.send(replyTo, correlationId, reply, { 'correlation-id': correlationId });
  });
  process.stdout.write('ready\n');
  process.once('SIGTERM', () => {
    void (async () => {
      await transport.close();
      process.exit(0);
    })();
  });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
