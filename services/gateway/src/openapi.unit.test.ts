import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import {
  burnBody,
  changeRoleBody,
  clientCredentialsBody,
  createApiKeyBody,
  loginBody,
  mintBody,
  purchaseBody,
  refreshBody,
  refundBody,
  registerBody,
  rewardBody,
  transferBody,
} from '@coin/contracts';
import { exampleChangeRole } from './routes/admin-users';
import { exampleLogin, exampleRegister } from './routes/auth';
import { exampleCreateApiKey } from './routes/api-keys';
import { exampleBurn, exampleMint, examplePurchase, exampleRefund, exampleReward, exampleTransfer } from './routes/money';
import { exampleClientCredentials, exampleRefresh } from './routes/sessions';
import { summaryLead } from './plugins/openapi-transform';
import { documentedApp } from './testing';
import type { App } from '@coin/http';

type Json = Record<string, any>;

const methods = ['get', 'put', 'post', 'delete', 'patch'];

function operationsOf(doc: Json): Array<{ label: string; operation: Json; path: string; method: string }> {
  return Object.entries(doc.paths as Json).flatMap(([path, item]) =>
    Object.entries(item as Json)
      .filter(([method]) => methods.includes(method))
      .map(([method, operation]) => ({ label: `${method.toUpperCase()} ${path}`, operation: operation as Json, path, method })),
  );
}

/** Every media type of an operation (request body and responses) with where it sits. */
function mediaTypesOf(operation: Json): Array<{ where: string; media: Json }> {
  const out: Array<{ where: string; media: Json }> = [];
  for (const [type, media] of Object.entries((operation.requestBody?.content ?? {}) as Json)) out.push({ where: `request ${type}`, media });
  for (const [status, response] of Object.entries((operation.responses ?? {}) as Json))
    for (const [type, media] of Object.entries(((response as Json).content ?? {}) as Json)) out.push({ where: `${status} ${type}`, media });
  return out;
}

/** Every `examples` keyword inside a schema, with the subschema it belongs to. */
function schemaExamples(schema: unknown, out: Array<{ schema: Json; example: unknown }> = []): Array<{ schema: Json; example: unknown }> {
  if (Array.isArray(schema)) for (const item of schema) schemaExamples(item, out);
  else if (schema && typeof schema === 'object') {
    const node = schema as Json;
    if (Array.isArray(node.examples) && (node.type !== undefined || node.properties !== undefined || node.anyOf || node.oneOf))
      for (const example of node.examples) out.push({ schema: node, example });
    for (const value of Object.values(node)) schemaExamples(value, out);
  }
  return out;
}

describe('the OpenAPI document (GET /openapi.json) says what the service does', () => {
  let app: App;
  let doc: Json;
  beforeAll(async () => {
    app = await documentedApp();
    doc = app.swagger() as unknown as Json;
  });
  afterAll(async () => {
    await app?.close();
  });

  /** A validator for one schema of the document: its $refs resolve against the document's components. */
  // multipleOf is judged as arithmetic on decimals (0.07 is a multiple of 0.01), not on doubles.
  const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true, multipleOfPrecision: 9 }));
  /** Compiled once per schema: a schema's several examples share its validator. */
  const validators = new WeakMap<Json, ValidateFunction>();
  function validatorFor(schema: Json) {
    let validate = validators.get(schema);
    if (!validate) {
      validate = ajv.compile({ ...schema, components: doc.components });
      validators.set(schema, validate);
    }
    return validate;
  }

  it('then every operation has a unique camelCase operationId', () => {
    const ids = operationsOf(doc).map(({ label, operation }) => ({ label, id: operation.operationId }));
    for (const { label, id } of ids) expect({ label, id }).toEqual({ label, id: expect.stringMatching(/^[a-z][a-zA-Z]+$/) });
    expect(new Set(ids.map(({ id }) => id)).size).toBe(ids.length);
    expect(ids.map(({ id }) => id)).toEqual(
      expect.arrayContaining(['transferCoins', 'getMyWallet', 'listMyTransactions', 'mintCoins', 'registerUser', 'getCommandStatus']),
    );
  });

  it('then the main models are named components, and answers refer to them instead of repeating them', () => {
    const models = [
      'Transaction',
      'Wallet',
      'Treasury',
      'Approval',
      'Hold',
      'User',
      'ApiKey',
      'PlatformClient',
      'UserSession',
      'DeletionRequest',
      'GrantRequest',
      'AuditLogEntry',
    ];
    expect(Object.keys(doc.components.schemas)).toEqual(expect.arrayContaining(['Problem', ...models]));
    const paths = JSON.stringify(doc.paths);
    for (const name of models)
      expect({ name, referenced: paths.includes(`"#/components/schemas/${name}"`) }).toEqual({ name, referenced: true });
    const transfer = doc.paths['/api/coins/transfer'].post.responses['201'].content['application/json'].schema;
    expect(transfer.properties.transaction).toEqual({ $ref: '#/components/schemas/Transaction' });
    expect(doc.components.schemas.Transaction).toMatchObject({
      type: 'object',
      required: expect.arrayContaining(['id', 'type', 'amount']),
    });
  });

  it('then a body a route streams (streamedText) is text with its example: the live balance events, a statement CSV', () => {
    const events = doc.paths['/api/wallets/me/stream'].get.responses['200'].content['text/event-stream'].schema;
    const csv = doc.paths['/api/wallets/me/statement'].get.responses['200'].content['text/csv'].schema;
    expect(events).toEqual({ type: 'string', examples: [expect.stringContaining('event: snapshot')] });
    expect(csv).toEqual({ type: 'string', examples: [expect.stringMatching(/^createdAt,transactionId,/)] });
  });

  it('then every list pages one way: a cursor parameter in, hasMore and nextCursor out', () => {
    const lists = operationsOf(doc).filter(
      ({ method, operation }) =>
        method === 'get' &&
        ((operation.parameters ?? []) as Json[]).some((p) => p.in === 'query' && ['limit', 'pageSize'].includes(p.name)),
    );
    expect(lists.map(({ operation }) => operation.operationId).sort()).toEqual(
      [
        'getMyHistory',
        'getMyStatement',
        'getTreasuryStatement',
        'getUserStatement',
        'listAllWebhookEndpoints',
        'listApprovals',
        'listAssignedCashouts',
        'listAuditLog',
        'listCashouts',
        'listCashoutApprovals',
        'listCashoutReversals',
        'listCommissionChanges',
        'listMyCashouts',
        'listSandboxCashouts',
        'listSandboxTestUsers',
        'listPayoutApprovals',
        'listClientWebhookDeliveries',
        'listEvents',
        'listHolds',
        'listMyHolds',
        'listMandates',
        'listMyMandates',
        'listClientMandates',
        'listClientHolds',
        'getClientTreasuryStatement',
        'getSandboxUserStatement',
        'listMonitoringCases',
        'listMyTransactions',
        'listServiceActions',
        'listUnfreezeRequests',
        'listUsers',
        'listWalletFreezes',
        'listWebhookDeliveries',
        'searchTransactions',
      ].sort(),
    );
    for (const { label, operation } of lists) {
      const answer = operation.responses['200'].content['application/json'].schema;
      expect({ label, cursor: (operation.parameters as Json[]).some((p) => p.in === 'query' && p.name === 'cursor') }).toEqual({
        label,
        cursor: true,
      });
      expect({ label, hasMore: answer.properties.hasMore, required: answer.required }).toEqual({
        label,
        hasMore: expect.objectContaining({ type: 'boolean' }),
        required: expect.arrayContaining(['hasMore', 'nextCursor']),
      });
    }
  });

  it('then it names its server and every operation says which credentials it needs, from the route guard', () => {
    expect(doc.servers).toEqual([expect.objectContaining({ url: '/' })]);
    expect(doc.components.securitySchemes).toEqual({
      bearerAuth: expect.objectContaining({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' }),
      apiKey: expect.objectContaining({ type: 'apiKey', in: 'header', name: 'x-api-key' }),
      platformClient: expect.objectContaining({
        type: 'oauth2',
        flows: { clientCredentials: { tokenUrl: '/api/auth/token', scopes: {} } },
      }),
    });
    // The token URL is the operation that grants client credentials (RFC 6749 §4.4), open to all.
    expect(doc.paths['/api/auth/token'].post).toMatchObject({ operationId: 'issueToken', security: [] });
    expect(Object.keys(doc.paths['/api/auth/token'].post.requestBody.content)).toContain('application/x-www-form-urlencoded');
    for (const route of app.routeTable.filter((r) => !r.hidden && r.method !== 'HEAD')) {
      const path = route.url.replace(/:(\w+)/g, '{$1}');
      const operation = doc.paths[path][route.method.toLowerCase()];
      const person = route.apiKeyScope ? { bearerAuth: [], apiKey: [] } : { bearerAuth: [] };
      const platformClients = ['reward', 'settle', 'owner', 'payout', 'search', 'platform'];
      const expected =
        route.access === undefined || route.access === 'public'
          ? []
          : platformClients.includes(route.access)
            ? [person, { platformClient: [] }]
            : [person];
      expect({ route: `${route.method} ${route.url}`, security: operation.security }).toEqual({
        route: `${route.method} ${route.url}`,
        security: expected,
      });
      if (route.access !== undefined && route.access !== 'public') {
        expect({ route: route.url, statuses: Object.keys(operation.responses) }).toEqual({
          route: route.url,
          statuses: expect.arrayContaining(['401', '403']),
        });
      }
    }
  });

  it('then platform clients are declared on the operations they call: rewards, payouts, settling holds, their events and webhooks', () => {
    const platformOperations = operationsOf(doc)
      .filter(({ operation }) => (operation.security as Json[]).some((requirement) => 'platformClient' in requirement))
      .map(({ operation }) => operation.operationId);
    expect(platformOperations).toEqual(
      expect.arrayContaining([
        'rewardUser',
        'payout',
        'captureHold',
        'voidHold',
        'listEvents',
        'createWebhookEndpoint',
        'getCommandStatus',
      ]),
    );
    expect(platformOperations).not.toEqual(expect.arrayContaining(['transferCoins']));
    expect(platformOperations).not.toEqual(expect.arrayContaining(['mintCoins']));
  });

  it('then every operation has a summary of one line and a description, and a tag of the listed ones, each listed one used', () => {
    const used = new Set<string>();
    for (const { label, operation } of operationsOf(doc)) {
      expect({ label, summary: operation.summary.length <= 130, description: operation.description.length > 0 }).toEqual({
        label,
        summary: true,
        description: true,
      });
      expect({ label, tags: (operation.tags as string[]).length > 0 }).toEqual({ label, tags: true });
      for (const tag of operation.tags as string[]) used.add(tag);
    }
    const listed = (doc.tags as Json[]).map((tag) => tag.name as string);
    expect([...used].sort()).toEqual([...listed].sort());
    for (const tag of doc.tags as Json[])
      expect({ tag: tag.name, described: String(tag.description).length > 20 }).toEqual({ tag: tag.name, described: true });
    expect(doc.info.contact).toEqual({ name: expect.any(String) });
  });

  it("then a route's long summary is the description and its lead the summary; a route's own description keeps its summary", () => {
    const transfer = doc.paths['/api/coins/transfer'].post;
    expect([transfer.summary, transfer.description]).toEqual([
      "Move coins from the caller's wallet to a user or a treasury",
      "Move coins from the caller's wallet to a user (toUserId) or a treasury (toTreasury)",
    ]);
    const wallet = doc.paths['/api/wallets/me'].get;
    expect(wallet.description).toBe(wallet.summary);
    const token = doc.paths['/api/auth/token'].post;
    expect(token.description).toMatch(/^Two forms/);
  });

  it('then every error response is application/problem+json with the one Problem schema', () => {
    const problem = doc.components.schemas.Problem;
    expect(problem.required).toEqual(expect.arrayContaining(['type', 'title', 'status', 'detail', 'code', 'requestId']));
    expect(Object.keys(problem.properties)).toEqual(expect.arrayContaining(['errors', 'commandId']));
    let count = 0;
    for (const { label, operation } of operationsOf(doc)) {
      for (const [status, response] of Object.entries(operation.responses as Json)) {
        if (Number(status) < 400) continue;
        count += 1;
        expect({ label, status, problem: response.content?.['application/problem+json']?.schema }).toEqual({
          label,
          status,
          problem: { $ref: '#/components/schemas/Problem' },
        });
      }
    }
    expect(count).toBeGreaterThan(100);
    // A body, a limit and an Idempotency-Key each bring their refusals.
    const transfer = doc.paths['/api/coins/transfer'].post.responses;
    expect(Object.keys(transfer).sort()).toEqual(['201', '400', '401', '403', '404', '409', '413', '422', '429', '503', '504']);
    // The RFC 6749 form request keeps its own error form beside the problem.
    expect(Object.keys(doc.paths['/api/auth/token'].post.responses['400'].content).sort()).toEqual([
      'application/json',
      'application/problem+json',
    ]);
  });

  it('then every request body and every success response with a body has an example', () => {
    for (const { label, operation } of operationsOf(doc)) {
      for (const { where, media } of mediaTypesOf(operation)) {
        if (where.startsWith('request') || /^2\d\d /.test(where)) {
          const example = media.example !== undefined || media.examples !== undefined || media.schema?.examples !== undefined;
          expect({ label, where, example }).toEqual({
            label,
            where,
            example: true,
          });
        }
      }
    }
  });

  it('then every example in the document validates against its schema (JSON Schema 2020-12, ajv)', () => {
    let checked = 0;
    for (const { label, operation } of operationsOf(doc)) {
      for (const { where, media } of mediaTypesOf(operation)) {
        const found = [
          ...(media.example !== undefined ? [{ schema: media.schema as Json, example: media.example }] : []),
          ...Object.values((media.examples ?? {}) as Json).map((e) => ({ schema: media.schema as Json, example: (e as Json).value })),
          ...schemaExamples(media.schema),
        ];
        for (const { schema, example } of found) {
          const validate = validatorFor(schema);
          validate(example);
          expect({ label, where, errors: validate.errors ?? [] }).toEqual({ label, where, errors: [] });
          checked += 1;
        }
      }
    }
    for (const { schema, example } of schemaExamples(doc.components.schemas)) {
      const validate = validatorFor(schema);
      validate(example);
      expect(validate.errors ?? []).toEqual([]);
      checked += 1;
    }
    expect(checked).toBeGreaterThan(40);
  });

  it('then the request examples are accepted by the zod schemas the service validates with', () => {
    const cases: Array<[string, { safeParse(value: unknown): { success: boolean; error?: unknown } }, unknown]> = [
      ['register', registerBody, exampleRegister],
      ['login', loginBody, exampleLogin],
      ['refresh', refreshBody, exampleRefresh],
      ['token', clientCredentialsBody, exampleClientCredentials],
      ['mint', mintBody, exampleMint],
      ['burn', burnBody, exampleBurn],
      ['transfer', transferBody, exampleTransfer],
      ['purchase', purchaseBody, examplePurchase],
      ['reward', rewardBody, exampleReward],
      ['refund', refundBody, exampleRefund],
      ['api key', createApiKeyBody, exampleCreateApiKey],
      ['role', changeRoleBody, exampleChangeRole],
    ];
    for (const [name, schema, example] of cases)
      expect({ name, error: schema.safeParse(example).error }).toEqual({ name, error: undefined });
  });

  it('then the bounds the service enforces are in the document: amounts, paging, ids, unique scopes, one target', () => {
    const transfer = doc.paths['/api/coins/transfer'].post.requestBody.content['application/json'].schema;
    expect(transfer.properties.amount).toMatchObject({ type: 'number', exclusiveMinimum: 0, maximum: 1_000_000_000, multipleOf: 0.01 });
    expect(transfer.oneOf).toEqual([{ required: ['toUserId'] }, { required: ['toTreasury'] }]);
    const parameter = (path: string, name: string) =>
      (doc.paths[path].get.parameters as Json[]).find((p) => p.name === name)?.schema as Json | undefined;
    const accepts = (path: string, name: string, text: string) => new RegExp(parameter(path, name)?.pattern, 'u').test(text);
    expect(['0', '1', '100', '101', '1.0'].map((t) => accepts('/api/wallets/me/transactions', 'limit', t))).toEqual([
      false,
      true,
      true,
      false,
      false,
    ]);
    expect(['0', '1000000', '1000001'].map((t) => accepts('/api/wallets/me/transactions', 'offset', t))).toEqual([true, true, false]);
    expect(['0', '1', '1000001'].map((t) => accepts('/api/admin/users', 'page', t))).toEqual([false, true, false]);
    expect(['0', '1', '9007199254740991', '9007199254740992'].map((t) => accepts('/api/coins/transactions/{id}', 'id', t))).toEqual([
      false,
      true,
      true,
      false,
    ]);
    expect(parameter('/problems/{code}', 'code')?.enum).toEqual(expect.arrayContaining(['insufficient-funds', 'method-not-allowed']));
    const apiKey = doc.paths['/api/admin/api-keys'].post.requestBody.content['application/json'].schema;
    expect(apiKey.properties.scopes).toMatchObject({ type: 'array', uniqueItems: true, minItems: 1, maxItems: 4 });
  });
});

describe("the lead of a route's summary (the document's summary when the route has no description)", () => {
  it('then a short summary is its own lead; a long one loses its asides and ends at its first colon, semicolon or full stop', () => {
    expect(summaryLead('One grant request')).toBe('One grant request');
    expect(summaryLead('Audit: Σ balances against Σ MINT − Σ BURN, and per-wallet entry sums')).toBe(
      'Audit: Σ balances against Σ MINT − Σ BURN, and per-wallet entry sums',
    );
    expect(
      summaryLead(
        'Create an account (its wallet with it), then log in. The same 202 whether the address was free or already had an account',
      ),
    ).toBe('Create an account, then log in');
    expect(summaryLead('Pay up to 1,000 users at once from REWARDS or the caller’s wallet (a list of lines): all lines or none')).toBe(
      'Pay up to 1,000 users at once from REWARDS or the caller’s wallet',
    );
  });

  it('then a lead still past 100 characters is cut at its last comma within them', () => {
    const text =
      'Approval requests of mints, burns, refunds and rewards past the four-eyes windows, newest first, optionally of one status';
    expect(summaryLead(text)).toBe('Approval requests of mints, burns, refunds and rewards past the four-eyes windows, newest first');
  });
});
