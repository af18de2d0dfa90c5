import { PassThrough } from 'node:stream';
import { problem } from '@coin/contracts';
import type { App } from '@coin/http';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isStreamedText, registerRoutes, type RouteDef, routeOf, streamedText } from './route-def';

/**
 * A route's answers are typed by its response schemas (route(), fastify-type-provider-zod), so
 * the compiler refuses an answer the schema does not describe: the `@ts-expect-error` lines are
 * checked by `tsc -b` (the test project compiles this file), and fail it the day such an answer
 * compiles. What a JSON answer, a `content` answer of another media type and a streamed body
 * (streamedText) accept, and what they send.
 */

const route = routeOf<{ events: string[] }>();
const event = 'id: 1\nevent: snapshot\ndata: {"balance":1}\n\n';

const routes: RouteDef<{ events: string[] }>[] = [
  route({
    method: 'GET',
    url: '/json',
    config: { access: 'public' },
    schema: { response: { 200: z.object({ balance: z.number() }), 404: problem } },
    handler: async () => ({ balance: 1 }),
  }),
  route({
    method: 'GET',
    url: '/json-wrong',
    config: { access: 'public' },
    schema: { response: { 200: z.object({ balance: z.number() }), 404: problem } },
    // @ts-expect-error an answer outside the response schema (a field renamed) does not compile
    handler: async () => ({ amount: 1 }),
  }),
  route({
    method: 'GET',
    url: '/stream',
    config: { access: 'public' },
    schema: { response: { 200: { description: 'Events', content: { 'text/event-stream': { schema: streamedText(event) } } } } },
    handler: async (_request, reply, deps) => {
      const body = new PassThrough();
      body.end(deps.events.join(''));
      reply.type('text/event-stream; charset=utf-8');
      return body;
    },
  }),
  route({
    method: 'GET',
    url: '/stream-wrong',
    config: { access: 'public' },
    schema: { response: { 200: { description: 'Events', content: { 'text/event-stream': { schema: streamedText(event) } } } } },
    // @ts-expect-error a streamed body is a stream: the events' text, or a JSON object, is no answer of it
    handler: async (_request, _reply, deps) => deps.events.join(''),
  }),
  route({
    method: 'GET',
    url: '/csv',
    config: { access: 'public' },
    schema: {
      response: {
        200: {
          description: 'JSON or CSV',
          content: { 'application/json': { schema: z.object({ balance: z.number() }) }, 'text/csv': { schema: z.string() } },
        },
      },
    },
    handler: async (request, reply) => {
      if (request.headers.accept === 'text/csv') return reply.type('text/csv; charset=utf-8').send('balance\r\n1\r\n');
      return reply.type('application/json; charset=utf-8').send({ balance: 1 });
    },
  }),
  route({
    method: 'GET',
    url: '/csv-wrong',
    config: { access: 'public' },
    schema: {
      response: {
        200: {
          description: 'JSON or CSV',
          content: { 'application/json': { schema: z.object({ balance: z.number() }) }, 'text/csv': { schema: z.string() } },
        },
      },
    },
    // @ts-expect-error an answer of neither media type's schema does not compile
    handler: async (_request, reply) => reply.send({ rows: ['balance', '1'] }),
  }),
];

describe('a route typed by its schemas (routes/route-def.ts)', () => {
  let app: App;
  beforeAll(async () => {
    app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerRoutes(
      app,
      routes.filter((definition) => !definition.url.endsWith('-wrong')),
      { events: [event, event] },
    );
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('when a route streams its body (streamedText), then the stream is sent as it is, with its media type', async () => {
    const answer = await app.inject({ method: 'GET', url: '/stream' });
    expect({ status: answer.statusCode, type: answer.headers['content-type'], body: answer.body }).toEqual({
      status: 200,
      type: 'text/event-stream; charset=utf-8',
      body: event + event,
    });
  });

  it('when a route answers JSON or CSV, then each media type is sent through its own schema', async () => {
    const json = await app.inject({ method: 'GET', url: '/csv' });
    const csv = await app.inject({ method: 'GET', url: '/csv', headers: { accept: 'text/csv' } });
    expect([json.body, csv.body]).toEqual(['{"balance":1}', 'balance\r\n1\r\n']);
  });

  it('then a streamed body is known as one, and its JSON Schema is the text it is on the wire', () => {
    const schema = streamedText(event);
    expect([isStreamedText(schema), isStreamedText(z.string())]).toEqual([true, false]);
    // The document's renderer (plugins/openapi-transform.ts) lets zod pass the Readable it cannot describe.
    expect(() => z.toJSONSchema(schema, { io: 'input' })).toThrow();
    const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
    expect(json).toEqual({ type: 'string', examples: [event] });
  });
});
