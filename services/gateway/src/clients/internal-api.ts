import {
  internalActions,
  internalPosts,
  internalReads,
  internalStreams,
  type InternalStreamName,
  type InternalActionAnswer,
  type InternalActionInput,
  type InternalActionName,
  type InternalActionRoute,
  type InternalPostAnswer,
  type InternalPostBody,
  type InternalPostName,
  type InternalPostRoute,
  type InternalReadAnswer,
  type InternalReadInput,
  type InternalReadName,
  type InternalReadRoute,
  type InternalService,
} from '@coin/contracts';
import { InvariantViolation } from '@coin/errors';
import type { z } from 'zod';
import type { Asker, InternalHttpClient } from './internal-http';

/*
 * The table's rows typed per name, so that the schema picked by a generic name parses into that
 * name's answer (TypeScript follows a generic key through a mapped type, not through the object
 * literal's own type).
 */
const reads: { [N in InternalReadName]: InternalReadRoute & { response: z.ZodType<InternalReadAnswer<N>> } } = internalReads;
const posts: { [N in InternalPostName]: InternalPostRoute & { response: z.ZodType<InternalPostAnswer<N>> } } = internalPosts;
const actions: { [N in InternalActionName]: InternalActionRoute & { response: z.ZodType<InternalActionAnswer<N>> } } = internalActions;

/**
 * The gateway's calls to the internal HTTP routes of @coin/contracts' table (internal-routes.ts),
 * by name: the row says which service, which method and path, and what the answer must be. The
 * answer is parsed with the row's schema, so the value a route hands on is the contract's type,
 * checked, never a cast: a service answering another shape is a sender and a receiver that
 * disagree (a bug or a half-done deployment), answered 500 and logged naming the route.
 */
export class InternalApi {
  private readonly sandboxApi: InternalApi | undefined;

  /**
   * The services this caller reads (a plugin that only asks the user service passes only it), and
   * the sandbox's instances of those the sandbox runs (docs/decisions/0018-sandbox.md).
   */
  constructor(
    private readonly services: Partial<Record<InternalService, InternalHttpClient>>,
    sandbox?: Partial<Record<InternalService, InternalHttpClient>>,
  ) {
    this.sandboxApi = sandbox ? new InternalApi(sandbox) : undefined;
  }

  /**
   * The same table in a space: the live services, or the sandbox's (a test-mode caller's, on a
   * route the sandbox serves: plugins/sandbox.ts). The sandbox's reaches only the services the
   * sandbox runs; any other is a route the auth hook should have refused (500, never the live one).
   */
  in(space: 'live' | 'test'): InternalApi {
    if (space === 'live') return this;
    if (!this.sandboxApi) throw new InvariantViolation('a test-mode caller reached a service of a gateway without a sandbox');
    return this.sandboxApi;
  }

  /** Whether this table reaches the service (the sandbox's runs only some: a gateway without SANDBOX_WEBHOOKS_URL has no sandbox webhooks). */
  serves(service: InternalService): boolean {
    return this.services[service] !== undefined;
  }

  private clientOf(service: InternalService): InternalHttpClient {
    const client = this.services[service];
    if (!client) throw new InvariantViolation(`no client for the ${service} service was given to this InternalApi`);
    return client;
  }

  /**
   * GET a route of the table with its path parameters and query (a read is tried twice:
   * InternalHttpClient); `call` gives a long poll its own time limit and a stop's signal, and names
   * the person who reads to a service that verifies them itself (`asker`).
   */
  async read<N extends InternalReadName>(
    name: N,
    input: InternalReadInput<N>,
    requestId?: string,
    call: { timeoutMs?: number; signal?: AbortSignal; asker?: Asker } = {},
  ): Promise<InternalReadAnswer<N>> {
    const route = reads[name];
    const target = urlOf(route.path, input, route.query ? Object.keys(route.query.shape) : []);
    const body = await this.clientOf(route.service).request<unknown>('GET', target, { ...(requestId ? { requestId } : {}), ...call });
    return answerOf(name, `GET ${route.path}`, route.response, body);
  }

  /** GET a streamed route of the table (internalStreams): the answer's body unread, and how to cut it off. */
  async stream<N extends InternalStreamName>(
    name: N,
    input: object,
    requestId?: string,
  ): Promise<{ response: Response; close: () => void }> {
    const route = internalStreams[name];
    const target = urlOf(route.path, input, Object.keys(route.query.shape));
    return this.clientOf(route.service).stream(target, requestId);
  }

  /** POST a body to a route of the table. */
  async post<N extends InternalPostName>(
    name: N,
    body: InternalPostBody<N>,
    requestId?: string,
    onReplayed?: () => void,
  ): Promise<InternalPostAnswer<N>> {
    const route = posts[name];
    const answer = await this.clientOf(route.service).request<unknown>('POST', route.path, {
      body,
      ...(requestId ? { requestId } : {}),
      ...(onReplayed ? { onReplayed } : {}),
    });
    return answerOf(name, `POST ${route.path}`, route.response, answer);
  }

  /**
   * POST or DELETE on one object named by the path's parameters, with the route's body if it has
   * one; `onReplayed` is told when the service answers a keyed request's earlier outcome again.
   */
  async act<N extends InternalActionName>(
    name: N,
    input: InternalActionInput<N>,
    requestId?: string,
    onReplayed?: () => void,
  ): Promise<InternalActionAnswer<N>> {
    const route = actions[name];
    const target = urlOf(route.path, input.params, []);
    // The input's type follows the row (a body where the route takes one); generically it is any action's.
    const { body } = input as { body?: unknown };
    const answer = await this.clientOf(route.service).request<unknown>(route.method, target, {
      ...(body !== undefined ? { body } : {}),
      ...(requestId ? { requestId } : {}),
      ...(onReplayed ? { onReplayed } : {}),
    });
    return answerOf(name, `${route.method} ${route.path}`, route.response, answer);
  }
}

/**
 * The path with its `:name` parameters filled in (each encoded), then the query's parameters
 * present in the input as a query string. The input was typed by the route's schemas; the
 * service parses both again.
 */
export function urlOf(template: string, input: object, queryNames: readonly string[]): string {
  const values = input as Record<string, unknown>;
  const path = template.replace(/:([A-Za-z]+)/g, (_match, name: string) => {
    // own-key: the names come from our own route templates and query lists, never from a caller
    const value = values[name];
    if (value === undefined) throw new InvariantViolation(`internal route ${template} called without its ${name}`);
    return encodeURIComponent(String(value));
  });
  const query = new URLSearchParams();
  for (const name of queryNames) {
    // own-key: the names come from our own route templates and query lists, never from a caller
    const value = values[name];
    if (value !== undefined) query.set(name, String(value));
  }
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

function answerOf<T>(name: string, route: string, schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(answer)'}: ${issue.message}`).join('; ');
  throw new InvariantViolation(`the answer of internal route ${name} (${route}) does not match its contract (${issues})`);
}
