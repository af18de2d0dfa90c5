import {
  type App,
  registerRoutes as httpRegisterRoutes,
  routeOf as httpRouteOf,
  type InternalRoute,
  type InternalRouteReply,
  type InternalRouteRequest,
} from '@coin/http';
import type { FastifyContextConfig, FastifySchema } from 'fastify';
import { Readable } from 'node:stream';
import { z } from 'zod';

/** A request as a route's handler sees it: body, params, query and headers typed by the route's zod schemas. */
export type RouteRequest<S extends FastifySchema = FastifySchema> = InternalRouteRequest<S>;

/** The reply of a route: what it sends (and returns) is checked against the route's response schemas. */
export type RouteReply<S extends FastifySchema = FastifySchema> = InternalRouteReply<S>;

/**
 * One gateway route, as data: its method and URL, its schema (the OpenAPI document's operation:
 * tags, summary, operationId, the zod schemas with their examples), its access config (read by
 * plugins/access.ts and the other plugins: `access`, `idempotent`, `stepUp`, `sandbox`, ...; never
 * `security`, which the OpenAPI transform derives) and its handler, which gets the area's
 * dependencies as a third argument: `@coin/http`'s InternalRoute with what a public route adds.
 * An area declares its routes as a list of these, in the order the document lists them, and
 * registers them with `registerRoutes`.
 */
export interface RouteDef<Deps, S extends FastifySchema = FastifySchema> extends InternalRoute<Deps, S> {
  config: FastifyContextConfig;
}

/**
 * The typed constructor of an area's routes: `const route = routeOf<HoldRouteDeps>()`, then
 * `route({ method, url, config, schema, handler })` infers the schema, so the handler's request
 * and reply are typed by it as `app.post(url, { schema }, handler)` types them. It is
 * `@coin/http`'s, narrowed to routes that carry their access config.
 */
export const routeOf = httpRouteOf as <Deps>() => <const S extends FastifySchema>(def: RouteDef<Deps, S>) => RouteDef<Deps>;

/** Registers an area's routes, in their order (the OpenAPI document's): `@coin/http`'s registration. */
export const registerRoutes: <Deps>(app: App, routes: readonly RouteDef<Deps>[], deps: Deps) => void = httpRegisterRoutes;

/** The schemas made by streamedText: the document renders each as the text it is on the wire. */
const streamedBodies = new WeakSet<z.ZodType>();

/**
 * The schema of a body a route streams (the Server-Sent Events of a live balance, a statement's
 * CSV read through from history): text on the wire, so the document shows it as a string with
 * its example, and a Readable in the handler, which fastify pipes as it is, never through the
 * serializer. Declared as a media type's schema of a `content` response, it types the handler's
 * answer, so the compiler checks that a stream is what the route sends there.
 */
export function streamedText(example: string): z.ZodCustom<Readable, Readable> {
  const schema = z.instanceof(Readable).meta({ type: 'string', examples: [example] });
  streamedBodies.add(schema);
  return schema;
}

/** Whether a schema is a streamed body's (streamedText): no JSON Schema of its own, its metadata says it is text. */
export function isStreamedText(schema: z.ZodType): boolean {
  return streamedBodies.has(schema);
}
