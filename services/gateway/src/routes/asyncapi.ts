import { buildAsyncApiDocument } from '@coin/contracts';
import type { App } from '@coin/http';

/** The event contract for other internal services (docs/CONTRACT.md "Events"), beside /openapi.json; outside /api, so public. */
export function registerAsyncApiRoute(app: App): void {
  const document = buildAsyncApiDocument();
  app.get('/asyncapi.json', { schema: { hide: true } }, async () => document);
}
