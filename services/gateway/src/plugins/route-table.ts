import type { FastifyInstance } from 'fastify';
import type { Access, ApiKeyScope } from './access';

export interface RouteEntry {
  method: string;
  url: string;
  access: Access | undefined;
  apiKeyScope: ApiKeyScope | undefined;
  /** Left out of the OpenAPI document (operational routes, docs assets). */
  hidden: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route the gateway serves with its guard: the security suite walks it. */
    routeTable: RouteEntry[];
  }
}

/** Records every route as it is added; register before any route. */
export function registerRouteTable(app: FastifyInstance): void {
  const table: RouteEntry[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    const config = route.config as { access?: Access; apiKeyScope?: ApiKeyScope } | undefined;
    const schema = route.schema as { hide?: boolean } | undefined;
    for (const method of [route.method].flat()) {
      table.push({
        method: String(method),
        url: route.url,
        access: config?.access,
        apiKeyScope: config?.apiKeyScope,
        hidden: schema?.hide === true,
      });
    }
  });
}
