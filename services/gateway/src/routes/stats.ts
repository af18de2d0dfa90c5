import { dailyRangeQuery, dailySupply, dailyVolume, problem } from '@coin/contracts';
import type { App } from '@coin/http';
import type { InternalApi } from '../clients/internal-api';
import { exampleDailySupply, exampleDailyVolume, withExample } from './examples';

const errorResponses = { 400: problem, 401: problem, 403: problem, 503: problem };

/**
 * The ledger's numbers by day (docs/CONTRACT.md "Daily series"), read from history for ADMIN+:
 * the console's dashboard draws a range from one call per series.
 */
export function registerStatsRoutes(app: App, deps: { internal: InternalApi }): void {
  app.get(
    '/api/admin/stats/daily-supply',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin', 'history'],
        summary: 'The coins in existence (Σ MINT − Σ BURN) at the end of each UTC day of [from, to] (both days included, at most 366)',
        operationId: 'getDailySupply',
        querystring: dailyRangeQuery,
        response: { 200: withExample(dailySupply, exampleDailySupply), ...errorResponses },
      },
    },
    async (request) => deps.internal.read('history.daily-supply', request.query, String(request.id)),
  );

  app.get(
    '/api/admin/stats/daily-volume',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin', 'history'],
        summary:
          'How many transactions of each type, and the coins they moved, on each UTC day of [from, to] (both days included, at most 366)',
        operationId: 'getDailyVolume',
        querystring: dailyRangeQuery,
        response: { 200: withExample(dailyVolume, exampleDailyVolume), ...errorResponses },
      },
    },
    async (request) => deps.internal.read('history.daily-volume', request.query, String(request.id)),
  );
}
