/**
 * A platform's webhook receiver, as small as it can be and still right (docs/reference/platform.md
 * "Webhooks"): it verifies each delivery's signature over the raw body with the endpoint's
 * `whsec_` secret (`verifyAndParseWebhook` of `@coin/events`; any Standard Webhooks library does
 * the same), answers 2xx at once, applies each event once by its `eventId` (delivery is at least
 * once) and prints it as one JSON line. docs/guides/platform-integration.md runs it:
 *
 *   COIN_WEBHOOK_SECRET_FILE=secret.txt node --import tsx docs/examples/webhook-receiver.ts 8443
 *
 * The secret comes from a file, as from a mounted Secret (or from COIN_WEBHOOK_SECRET). The
 * receiver listens before the endpoint is registered, so no delivery finds the port closed; one
 * that comes before the file holds the secret waits for it (up to 10 s).
 */
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { verifyAndParseWebhook, WebhookVerificationError } from '@coin/events';

const port = Number(process.argv[2] ?? 8443);
const secretFile = process.env.COIN_WEBHOOK_SECRET_FILE;
if (!secretFile && !process.env.COIN_WEBHOOK_SECRET)
  throw new Error('COIN_WEBHOOK_SECRET_FILE or COIN_WEBHOOK_SECRET: the endpoint secret');

/** The endpoint's secret, once the file holds it. */
async function endpointSecret(): Promise<string> {
  for (let waitedMs = 0; ; waitedMs += 100) {
    const secret = process.env.COIN_WEBHOOK_SECRET ?? (existsSync(secretFile!) ? readFileSync(secretFile!, 'utf8').trim() : '');
    if (secret || waitedMs >= 10_000) return secret;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const seen = new Set<string>(); // a table with a unique key in production
createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', async () => {
    const body = Buffer.concat(chunks).toString('utf8');
    try {
      const event = verifyAndParseWebhook(body, request.headers, await endpointSecret());
      response.writeHead(204).end();
      if (seen.has(event.eventId)) return;
      seen.add(event.eventId); // ...apply it once
      const amount = event.type === 'coin.transaction.recorded' ? event.transaction.amount : undefined;
      process.stdout.write(
        `${JSON.stringify({ type: event.type, eventId: event.eventId, ...(amount !== undefined ? { amount } : {}) })}\n`,
      );
    } catch (err) {
      if (!(err instanceof WebhookVerificationError)) throw err;
      response.writeHead(400).end(err.reason);
      process.stderr.write(`refused a delivery: ${err.reason}\n`);
    }
  });
}).listen(port, '127.0.0.1', () => process.stderr.write(`receiving webhooks on http://127.0.0.1:${port}/\n`));
