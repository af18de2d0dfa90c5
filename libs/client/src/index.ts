/**
 * @coin/client: the typed client of the coin ledger's public API, generated from its OpenAPI
 * document (openapi.json in this package; `npm run client:generate` in the repository).
 */
export {
  type CallOptions,
  type CoinClient,
  type CoinClientOptions,
  CoinDryRunIgnoredError,
  type CoinOperations,
  createCoinClient,
  type OperationInput,
  type OperationResult,
} from './client';
export { type ClientCredentialsOptions, clientCredentialsToken, type TokenSource } from './client-credentials';
export type * from './generated/models';
export { type OperationId, operationTable } from './generated/operations';
export { type ItemOf, type PageShape, pages, paginate } from './paginate';
export type { components, operations, paths } from './generated/schema';
export { CoinNetworkError, type CoinProblem, CoinProblemError, isProblem } from './problem';
export { type CoinResponse, coinResponseOf, type WithLastResponse } from './response';
export { type RetryPolicy, retriedStatuses, retryAfterMs } from './retry';
export { defaultTimeoutMs } from './timeout';
