import { clientDailyVolume, dailyRangeQuery, dailySupply, dailyVolume, problem } from '@coin/contracts';
import type { App } from '@coin/http';
import type { InternalApi } from '../clients/internal-api';
import { withExample } from './examples';
import { registerRoutes, routeOf, type RouteDef } from './route-def';

// The OpenAPI examples of these routes.
const volumeOf = (counts: Record<string, [number, number]>) =>
  (['MINT', 'BURN', 'TRANSFER', 'PURCHASE', 'REWARD', 'REFUND'] as const).map((type) => ({
    type,
    transactions: counts[type]?.[0] ?? 0,
    amount: counts[type]?.[1] ?? 0,
  }));

// The OpenAPI examples of these routes.
const exampleDailySupply = {
  from: '2026-01-30',
  to: '2026-01-31',
  days: [
    { day: '2026-01-30', supply: 1_000_000 },
    { day: '2026-01-31', supply: 1_250_000 },
  ],
};
const exampleDailyVolume = {
  from: '2026-01-30',
  to: '2026-01-31',
  days: [
    { day: '2026-01-30', types: volumeOf({ TRANSFER: [12, 340.5], PURCHASE: [3, 75] }) },
    { day: '2026-01-31', types: volumeOf({ MINT: [1, 250_000], TRANSFER: [9, 120], REWARD: [40, 400] }) },
  ],
};

const exampleClientDailyVolume = {
  from: '2026-01-30',
  to: '2026-01-31',
  clients: [
    {
      clientId: 'pc_Xk3v9QmT2bLw',
      transactions: 15,
      amount: 535.5,
      days: [
        { day: '2026-01-30', transactions: 12, amount: 340.5 },
        { day: '2026-01-31', transactions: 3, amount: 195 },
      ],
    },
  ],
  clientsTotal: 1,
};

const errorResponses = { 400: problem, 401: problem, 403: problem, 503: problem };

export interface StatsRouteDeps {
  internal: InternalApi;
}

const route = routeOf<StatsRouteDeps>();

/**
 * The ledger's numbers by day (docs/CONTRACT.md "Daily series"), read from history for ADMIN+:
 * the console's dashboard draws a range from one call per series.
 */
export const statsRoutes: RouteDef<StatsRouteDeps>[] = [
  route({
    method: 'GET',
    url: '/api/admin/stats/daily-supply',
    config: { access: 'admin' },
    schema: {
      tags: ['admin', 'history'],
      summary: 'The coins in existence (Σ MINT − Σ BURN) at the end of each UTC day of [from, to] (both days included, at most 366)',
      operationId: 'getDailySupply',
      querystring: dailyRangeQuery,
      response: { 200: withExample(dailySupply, exampleDailySupply), ...errorResponses },
    },
    handler: async (request, _reply, deps) => deps.internal.read('history.daily-supply', request.query, String(request.id)),
  }),

  route({
    method: 'GET',
    url: '/api/admin/stats/daily-volume',
    config: { access: 'admin' },
    schema: {
      tags: ['admin', 'history'],
      summary:
        'How many transactions of each type, and the coins they moved, on each UTC day of [from, to] (both days included, at most 366)',
      operationId: 'getDailyVolume',
      querystring: dailyRangeQuery,
      response: { 200: withExample(dailyVolume, exampleDailyVolume), ...errorResponses },
    },
    handler: async (request, _reply, deps) => deps.internal.read('history.daily-volume', request.query, String(request.id)),
  }),

  route({
    method: 'GET',
    url: '/api/admin/stats/client-daily-volume',
    config: { access: 'admin' },
    schema: {
      tags: ['admin', 'history'],
      summary:
        'Per platform client, how many transactions its requests made and the coins they moved on each UTC day of [from, to] (both days included, at most 366): the clients that moved the most, at most 10',
      operationId: 'getClientDailyVolume',
      querystring: dailyRangeQuery,
      response: { 200: withExample(clientDailyVolume, exampleClientDailyVolume), ...errorResponses },
    },
    handler: async (request, _reply, deps) => deps.internal.read('history.client-daily-volume', request.query, String(request.id)),
  }),
];

export function registerStatsRoutes(app: App, deps: StatsRouteDeps): void {
  registerRoutes(app, statsRoutes, deps);
}
