import { randomUUID } from 'node:crypto';
import { type CoinClient, clientCredentialsToken, createCoinClient } from '@coin/client';
import { Webhook } from 'standardwebhooks';
import { createPlatformClientWithCli } from '../harness/admin';
import { eventually } from '../harness/eventually';
import { startTestStack, type TestStack } from '../harness/stack';
import { type CapturedDelivery, ensureStandardWebhooksPython, verifyWithPython } from '../harness/standard-webhooks-python';
import { type ReceivedRequest, startReceiver } from '../harness/webhook-receiver';

/**
 * An integrator verifies our deliveries with the official Standard Webhooks library of its
 * language, npm `standardwebhooks` or PyPI `standardwebhooks`, handing it the endpoint's secret
 * exactly as the API returned it: no conversion of ours in between, as the spec's secret form
 * (`whsec_` and standard base64) lets it. Real deliveries from the webhooks service's worker: a
 * test delivery, then the secret is rotated and another is sent, which the previous secret still
 * verifies during the overlap.
 */
describe('webhook deliveries verified by the official Standard Webhooks libraries (npm and PyPI)', () => {
  let stack: TestStack;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let platform: CoinClient;
  const run = randomUUID().slice(0, 8);

  beforeAll(async () => {
    // The pinned PyPI library in .tools/standardwebhooks-venv, installed the first time.
    await ensureStandardWebhooksPython((line) => process.stderr.write(`[standardwebhooks] ${line}\n`));
    stack = await startTestStack({ extraEnv: { WEBHOOKS_POLL_INTERVAL_MS: '600000', WEBHOOKS_IDLE_SWEEP_INTERVAL_MS: '600000' } });
    receiver = await startReceiver();
    const credentials = await createPlatformClientWithCli(stack, `official-verifiers-${run}`, { treasuries: ['REWARDS'] });
    platform = createCoinClient({
      baseUrl: stack.gatewayUrl,
      accessToken: clientCredentialsToken({ baseUrl: stack.gatewayUrl, ...credentials }),
    });
  }, 600_000);
  afterAll(async () => {
    await stack?.close();
    await receiver?.close();
  });

  /** Asks the endpoint for a test delivery and returns it as the receiver got it. */
  const testDelivery = async (endpointId: string): Promise<ReceivedRequest> => {
    const asked = await platform.testWebhookEndpoint({ path: { id: endpointId } });
    return eventually(
      async () => receiver.received.find((r) => r.headers['webhook-id'] === asked.eventId),
      20_000,
      `the test delivery ${asked.eventId}`,
    );
  };

  const captured = (name: string, delivery: ReceivedRequest, secret: string): CapturedDelivery => ({
    name,
    body: delivery.body,
    // What a receiver reads: the Standard Webhooks headers, as sent.
    headers: Object.fromEntries(
      ['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((header) => [header, String(delivery.headers[header] ?? '')]),
    ),
    secret,
  });

  it('when an endpoint is made and its secret rotated, then each delivery verifies with the secret as returned, in both libraries', async () => {
    const endpoint = await platform.createWebhookEndpoint({
      body: { url: `${receiver.url}/official`, eventTypes: ['coin.transaction.recorded'] },
    });
    const first = await testDelivery(endpoint.id);
    const rotated = await platform.rotateWebhookSecret({ path: { id: endpoint.id } });
    const second = await testDelivery(endpoint.id);

    const deliveries = [
      captured('first delivery, first secret', first, endpoint.secret),
      captured('after the rotation, the new secret', second, rotated.secret),
      captured('after the rotation, the previous secret (overlap)', second, endpoint.secret),
      // The control: each library refuses a body other than the one signed, so a pass above is theirs.
      captured('a changed body', { ...second, body: second.body.replace('"coin.webhook.test"', '"coin.webhook.tesT"') }, rotated.secret),
    ];
    // A refusal's error is shown, not compared: its wording is the library's.
    const expected = deliveries.map(({ name }) =>
      name === 'a changed body' ? { name, verified: false, error: expect.any(String) } : { name, verified: true },
    );

    const npm = deliveries.map(({ name, body, headers, secret }) => {
      try {
        new Webhook(secret).verify(body, headers);
        return { name, verified: true };
      } catch (err) {
        return { name, verified: false, error: String(err) };
      }
    });
    expect(npm).toEqual(expected);
    expect(await verifyWithPython(deliveries)).toEqual(expected);
    // The spec's form, which both read as it is: `whsec_` and the 32 key bytes in standard base64, padded.
    for (const secret of [endpoint.secret, rotated.secret]) expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
  }, 60_000);
});
