import type { App } from '@coin/http';
import { spaceRefusalOf, type WebhooksSpace } from '../domain/space';

/**
 * Every route naming a client in its path (`/internal/webhooks/clients/:clientId/…`: endpoints,
 * deliveries, tests, events) refuses a client of the other space before its handler reads
 * anything (docs/decisions/0018-sandbox.md): the live instance a test_ client, the sandbox's a
 * live one. The creation, which names its client in the body, asks the same rule.
 */
export function guardSpace(app: App, space: WebhooksSpace): void {
  app.addHook('preHandler', async (request) => {
    const clientId = (request.params as { clientId?: unknown } | undefined)?.clientId;
    if (typeof clientId !== 'string') return;
    const refusal = spaceRefusalOf(space, clientId);
    if (refusal) throw refusal;
  });
}
