import type { IncomingMessage, ServerResponse } from 'node:http';
import type {
  FastifyContextConfig,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RawServerDefault,
  RouteGenericInterface,
  RouteShorthandOptions,
} from 'fastify';
import type { ResolveFastifyReplyReturnType } from 'fastify/types/type-provider';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { App } from './index';

/** A request as a route's handler sees it: body, params and query typed by the route's zod schemas. */
export type InternalRouteRequest<S extends FastifySchema = FastifySchema> = FastifyRequest<
  RouteGenericInterface,
  RawServerDefault,
  IncomingMessage,
  S,
  ZodTypeProvider
>;

/** The reply of a route: what it sends (and returns) is checked against the route's response schemas. */
export type InternalRouteReply<S extends FastifySchema = FastifySchema> = FastifyReply<
  RouteGenericInterface,
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  unknown,
  S,
  ZodTypeProvider
>;

/**
 * One route of a service's internal API, as data: its method, URL, schema and handler, which gets
 * the service's dependencies as a third argument. A service declares its routes as a list of
 * these, each beside its neighbours, and registers them with `registerRoutes` (the gateway's
 * public routes extend it as RouteDef, with the access config and route options they need).
 */
export interface InternalRoute<Deps, S extends FastifySchema = FastifySchema> {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  schema: S;
  /** What the service's plugins read of the route (the gateway's access config); none for most internal routes. */
  config?: FastifyContextConfig;
  /** The largest body it accepts, in bytes, when not fastify's default (1 MiB). */
  bodyLimit?: number;
  /** Route options a route rarely needs, given the instance it is registered on (its own error handler, a hook of its own). */
  options?: (app: App) => Pick<RouteShorthandOptions, 'errorHandler' | 'preValidation'>;
  // A method, so a list of routes of different schemas is one type (InternalRoute<Deps>[]).
  handler(
    request: InternalRouteRequest<S>,
    reply: InternalRouteReply<S>,
    deps: Deps,
  ): ResolveFastifyReplyReturnType<ZodTypeProvider, S, RouteGenericInterface>;
}

/**
 * The typed constructor of a service's routes: `const route = routeOf<Deps>()`, then
 * `route({ method, url, schema, handler })` infers the schema, so the handler's request and reply
 * are typed by it as `app.post(url, { schema }, handler)` types them.
 */
export function routeOf<Deps>() {
  return <const S extends FastifySchema>(definition: InternalRoute<Deps, S>): InternalRoute<Deps> =>
    definition as unknown as InternalRoute<Deps>;
}

/**
 * Registers a service's routes as `app.get`/`app.post`/… would (they call app.route), in their
 * order, each handler given the service's dependencies: the one registration of every service's
 * routes and the gateway's public ones.
 */
export function registerRoutes<Deps>(app: App, routes: readonly InternalRoute<Deps>[], deps: Deps): void {
  for (const definition of routes) {
    app.route({
      method: definition.method,
      url: definition.url,
      schema: definition.schema,
      ...(definition.config ? { config: definition.config } : {}),
      ...(definition.bodyLimit !== undefined ? { bodyLimit: definition.bodyLimit } : {}),
      ...(definition.options ? definition.options(app) : {}),
      handler: (request, reply) => definition.handler(request, reply, deps),
    });
  }
}
