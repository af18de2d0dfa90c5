import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyBaseLogger } from 'fastify';
import swagger from '@fastify/swagger';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  answerFrameworkError,
  endQuietConnectionsOnClose,
  installHttpMetrics,
  installHttpTracing,
  installProblemHandler,
  type App,
} from '@coin/http';
import { currentApiVersion } from '@coin/contracts';
import type { Logger } from '@coin/logger';
import type { Tracing } from '@coin/telemetry';
import type { Counter, Registry } from 'prom-client';
import type { CommandBus } from './clients/commands';
import type { InternalHttpClient } from './clients/internal-http';
import { InternalApi } from './clients/internal-api';
import { registerAuth, type AuthOptions } from './plugins/auth';
import { registerAuthRoutes } from './routes/auth';
import { registerWalletRoutes } from './routes/wallets';
import { registerSandboxWalletRoutes } from './routes/sandbox-wallets';
import { registerPlatformMoneyRoutes } from './routes/platform-money';
import type { Redis } from '@coin/redis';
import { lingerDefaults, registerGracefulClose, type LingerLimits } from './plugins/graceful-close';
import { registerJsonBodyParser } from './plugins/json-body';
import { registerFormBodyParser } from './plugins/oauth-token';
import { registerHoldRoutes } from './routes/holds';
import { registerHoldBulkRoutes } from './routes/hold-bulk';
import { registerCommissionRoutes } from './routes/commission-rules';
import { registerCashoutRateRoutes } from './routes/cashout-rates';
import { registerCashoutReversalRoutes } from './routes/cashout-reversals';
import { registerCashoutRoutes, type CallbackSecretSource } from './routes/cashouts';
import type { CallbackSecretBox } from './auth/callback-secrets';
import { registerMandateRoutes } from './routes/mandates';
import { registerFreezeRoutes } from './routes/freezes';
import { registerLimitRoutes } from './routes/limits';
import { registerVerificationRoutes } from './routes/verification';
import { registerVerificationRequestRoutes } from './routes/verification-requests';
import { registerMoneyRoutes } from './routes/money';
import { registerSandboxRoutes } from './routes/sandbox';
import { registerPayoutRoutes } from './routes/payouts';
import { registerTreasuryRoutes } from './routes/treasuries';
import { registerRouteTable } from './plugins/route-table';
import { registerApiKeyCheck, type ApiKeyVerifier } from './plugins/api-key';
import { registerRefusalAudit, type RefusalAudit } from './plugins/refusal-audit';
import { registerApiKeyRoutes } from './routes/api-keys';
import { registerPlatformClientRoutes } from './routes/platform-clients';
import { TokenVersionStore } from './plugins/token-version';
import { revocationDefaults, Revocations } from './revocation/revocations';
import { registerWriteAdmission, WriteAdmission } from './plugins/admission';
import { refuseUnknownDryRun } from './plugins/idempotency';
import type { AdmissionStore } from './plugins/admission-store';
import { LocalLimiter } from './plugins/local-limiter';
import { registerRateLimits, type RateLimitSettings } from './plugins/rate-limit';
import { cacheMacFailureCounter, rateLimitFailOpenCounter } from './metrics';
import type { CacheMac } from './plugins/cache-mac';
import type { LoginThrottle } from './plugins/login-throttle';
import { registerSecurityHeaders, securityHeaders } from './plugins/security-headers';
import { registerDeprecationHeaders } from './plugins/deprecation';
import { registerApiVersion } from './plugins/api-version';
import { trustProxyOption } from './plugins/client-address';
import type { ScryptCost } from '@coin/security';
import { registerSessionRoutes } from './routes/sessions';
import { registerPlatformLinkRoutes } from './routes/platform-links';
import { registerSecondFactorRoutes } from './routes/second-factor';
import { registerAdminUserRoutes } from './routes/admin-users';
import { registerFourEyesRoutes } from './routes/four-eyes';
import { registerHistoryRoutes } from './routes/history';
import { registerStatementRoutes } from './routes/statements';
import { registerStatsRoutes } from './routes/stats';
import { registerAsyncApiRoute } from './routes/asyncapi';
import { registerTransactionRoutes } from './routes/transactions';
import { registerCommandRoutes } from './routes/commands';
import { registerProblemRoutes } from './routes/problems';
import { openApiTransform, openApiTransformObject } from './plugins/openapi-transform';
import { securitySchemes } from './routes/security-schemes';
import { apiTags } from './routes/tags';
import { registerMethodNotAllowed } from './plugins/method-not-allowed';
import { accessLogDefaults, registerAccessLog, type AccessLogOptions } from './plugins/access-log';
import { registerAdminConsoleRoutes } from './routes/admin-console';
import { apiDescription, registerApiReferenceRoutes } from './routes/api-reference';
import { registerBalanceMonitorRoutes } from './routes/balance-monitors';
import { registerMonitoringRoutes } from './routes/monitoring';
import { registerWebhookRoutes } from './routes/webhooks';
import { defaultLiveBalance, registerBalanceStreamRoutes, type LiveBalanceSettings } from './routes/balance-stream';

export interface GatewayDeps {
  logger: Logger;
  metrics: Registry;
  commands: CommandBus;
  users: InternalHttpClient;
  ledger: InternalHttpClient;
  history: InternalHttpClient;
  /** The webhooks service's internal API (absent: component tests without it; its routes then answer 500). */
  webhooks?: InternalHttpClient;
  /** The monitoring service's internal API (absent: component tests without it; its routes then answer 500). */
  monitoring?: InternalHttpClient;
  /**
   * The sandbox's ledger and history internal APIs (docs/decisions/0018-sandbox.md): a test-mode
   * client's reads on the routes the sandbox serves come from them alone (absent: no sandbox).
   */
  sandbox?: { ledger: InternalHttpClient; history: InternalHttpClient };
  /** The sandbox's webhooks instance (SANDBOX_WEBHOOKS_URL): a test-mode client's webhooks and events; absent: none served. */
  sandboxWebhooks?: InternalHttpClient;
  /** The token-version check is write admission's (admissionStore). */
  auth: Omit<AuthOptions, 'tokenVersion'>;
  bodyBytesMax: number;
  /** How long and how much of a refused body is read after its answer, before the close (plugins/graceful-close.ts; defaults when absent). */
  linger?: LingerLimits;
  /** scrypt cost of the passwords hashed at registration (PASSWORD_SCRYPT_LOG2_N); default OWASP's minimum. */
  passwordHashCost?: ScryptCost;
  /** Proxies whose X-Forwarded-For names the client (GATEWAY_TRUSTED_PROXIES); empty trusts none. */
  trustedProxies: readonly string[];
  redis: Redis;
  /** Write admission's store (plugins/admission.ts): Redis in production, in memory in component tests. */
  admissionStore: AdmissionStore;
  /** Seals the recorded command answers (CACHE_MAC_SECRET, with the store's key prefix): one that does not verify is not shown. */
  commandAnswerMac: CacheMac;
  /** Lifetime of an Idempotency-Key in-flight lock whose release is lost. */
  idempotencyLockMs: number;
  /** How long a keyed command's answer stays readable through GET /api/commands/{key} (default a day). */
  idempotencyAnswerTtlMs?: number;
  apiKeys: ApiKeyVerifier;
  tokenVersions: TokenVersionStore;
  rateLimits: RateLimitSettings;
  loginThrottle: LoginThrottle;
  /** Which money commands wait for a second ADMIN+ (default: the shipped thresholds). */
  /** A SERVER span per request, the parent of the commands it sends (off when absent). */
  tracing?: Tracing;
  /** Records 401/403 answers of guarded routes in the admin audit log (off when absent: component tests). */
  refusalAudit?: RefusalAudit;
  /** Which answers get an access line (default accessLogDefaults: errors, slow ones, 1 % of the rest). */
  accessLog?: AccessLogOptions;
  /** Where the built admin console is (default services/admin-console/dist/www); served at /admin. */
  adminConsoleDir?: string;
  /** The live balance streams' fan-out and limits (default: a fan-out nothing feeds, for tests and the document). */
  liveBalance?: LiveBalanceSettings;
  /** The payout providers' callback secrets: issued ones, else the configured fallback (absent: every callback refused). */
  callbackSecrets?: CallbackSecretSource;
  /** Seals a new callback secret (CASHOUT_CALLBACK_ENCRYPTION_SECRET; absent: none can be issued, 503). */
  callbackSecretBox?: CallbackSecretBox;
  /** What this instance knows of revocations (default: sets nothing feeds but its own revocations, for tests and the document). */
  revocations?: Revocations;
}

/** The gateway as a fastify app, without listen(): tests drive it with inject() or on port 0. */
export async function buildApp(deps: GatewayDeps): Promise<App> {
  const setSecurityHeaders = securityHeaders();
  const app = Fastify({
    loggerInstance: deps.logger as FastifyBaseLogger,
    bodyLimit: deps.bodyBytesMax,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,100}$/.test(given) ? given : randomUUID();
    },
    // fastify's two lines per request give way to one sampled access line (plugins/access-log.ts).
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'requestId' }),
    trustProxy: trustProxyOption(deps.trustedProxies),
    // Answered before routing, so past every hook: the headers are set here.
    frameworkErrors: (err, request, reply) => {
      setSecurityHeaders(request, reply);
      answerFrameworkError(err, request, reply);
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // First, so that every hook and handler runs inside the request's span.
  installHttpTracing(app, deps.tracing);
  // Numbers judged on their JSON text (docs/CONTRACT.md "Amounts" amounts, ids past 2^53−1): see the plugin.
  registerJsonBodyParser(app);
  // Only POST /api/auth/token reads a form (RFC 6749 §4.4); see the plugin.
  registerFormBodyParser(app);
  installProblemHandler(app);
  registerMethodNotAllowed(app);
  installHttpMetrics(app, deps.metrics);
  registerAccessLog(app, deps.accessLog ?? accessLogDefaults);
  registerSecurityHeaders(app, setSecurityHeaders);
  registerDeprecationHeaders(app);
  registerGracefulClose(app, deps.linger ?? lingerDefaults);
  endQuietConnectionsOnClose(app);
  await registerApiDocument(app);

  registerRouteTable(app);
  const failOpen = rateLimitFailOpenCounter(deps.metrics);
  const local = new LocalLimiter();
  const admission = writeAdmissionOf(deps, failOpen, local);
  admission.guard(app);
  // Before any route: a write that takes no dry run refuses one (docs/DESIGN.md "Dry runs").
  refuseUnknownDryRun(app);
  registerCallerChecks(app, deps, admission);
  await registerRateLimits(app, { redis: deps.redis, limits: deps.rateLimits, failOpen, local });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  app.get('/.well-known/jwks.json', { schema: { hide: true } }, async () => deps.users.get('/.well-known/jwks.json'));

  // The routes read the internal services by the contract's table of their routes, checked.
  const internal = internalApiOf(deps);
  const routeDeps = {
    ...deps,
    revocations:
      deps.revocations ??
      (deps.tokenVersions instanceof TokenVersionStore ? deps.tokenVersions.revocations : new Revocations(revocationDefaults)),
    internal,
  };
  registerAuthRoutes(app, routeDeps);
  registerWalletRoutes(app, routeDeps);
  registerSandboxWalletRoutes(app, routeDeps);
  registerPlatformMoneyRoutes(app, routeDeps);
  await registerCommandContext(app, admission, routeDeps, deps);
  registerCommandRoutes(app, { commandStatus: admission });
  registerAsyncApiRoute(app);
  registerProblemRoutes(app);
  registerAdminConsoleRoutes(app, deps.adminConsoleDir !== undefined ? { dir: deps.adminConsoleDir } : {});
  return app;
}

/** The OpenAPI document of the routes (GET /openapi.json) and its reader at /docs (Redoc, routes/api-reference.ts). */
async function registerApiDocument(app: App): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Coin ledger API',
        // The API's semantic version (docs/VERSIONING.md): raised with every change of the document,
        // judged against the last released one by scripts/contract/api-versions.unit.test.ts.
        version: currentApiVersion,
        description: apiDescription,
        contact: { name: 'The coin ledger team' },
      },
      tags: [...apiTags],
      components: { securitySchemes },
    },
    transform: openApiTransform,
    transformObject: openApiTransformObject,
  });
  registerApiReferenceRoutes(app);
}

/**
 * Write admission (plugins/admission.ts): a user's write costs one round trip to its store before
 * its answer (token version, write limit and lock at once), the same code over Redis or memory.
 */
function writeAdmissionOf(deps: GatewayDeps, failOpen: Counter<'limit'>, local: LocalLimiter): WriteAdmission {
  return new WriteAdmission({
    store: deps.admissionStore,
    tokenVersions: deps.tokenVersions,
    writesPerCaller: deps.rateLimits.writesPerCaller,
    lockMs: deps.idempotencyLockMs,
    failOpen,
    local,
    answerMac: deps.commandAnswerMac,
    answerMacFailures: cacheMacFailureCounter(deps.metrics),
    logger: deps.logger,
    ...(deps.idempotencyAnswerTtlMs !== undefined ? { answerTtlMs: deps.idempotencyAnswerTtlMs } : {}),
  });
}

type RouteDeps = GatewayDeps & { revocations: Revocations; internal: InternalApi };

/**
 * The command routes, in their own context (an encapsulated plugin): write admission's hooks are
 * theirs alone. The read-only registrars among them stay in place, keeping the document's order.
 */
/** The internal services the routes read, and what the sandbox runs (plugins/sandbox.ts): a test-mode client's reads reach those only. */
function internalApiOf(deps: GatewayDeps): InternalApi {
  return new InternalApi(
    { ledger: deps.ledger, users: deps.users, history: deps.history, ...optionalClients(deps) },
    { ...(deps.sandbox ?? {}), ...(deps.sandboxWebhooks ? { webhooks: deps.sandboxWebhooks } : {}) },
  );
}

/** The internal APIs a component test may leave out (their routes then answer 500). */
function optionalClients(deps: GatewayDeps): { webhooks?: InternalHttpClient; monitoring?: InternalHttpClient } {
  return { ...(deps.webhooks ? { webhooks: deps.webhooks } : {}), ...(deps.monitoring ? { monitoring: deps.monitoring } : {}) };
}

async function registerCommandContext(app: App, admission: WriteAdmission, routeDeps: RouteDeps, deps: GatewayDeps) {
  await app.register(async (commands) => {
    registerWriteAdmission(commands, admission);
    registerMoneyRoutes(commands, routeDeps);
    registerSandboxRoutes(commands, routeDeps);
    registerPayoutRoutes(commands, routeDeps);
    registerHoldRoutes(commands, routeDeps);
    registerHoldBulkRoutes(commands, routeDeps);
    registerCashoutRoutes(commands, routeDeps);
    registerCashoutRateRoutes(commands, routeDeps);
    registerCashoutReversalRoutes(commands, routeDeps);
    registerMandateRoutes(commands, routeDeps);
    registerTreasuryRoutes(commands, routeDeps);
    registerApiKeyRoutes(commands, routeDeps);
    registerPlatformClientRoutes(commands, routeDeps);
    registerSessionRoutes(commands, routeDeps);
    registerPlatformLinkRoutes(commands, routeDeps);
    registerSecondFactorRoutes(commands, routeDeps);
    registerAdminUserRoutes(commands, routeDeps);
    registerFourEyesRoutes(commands, routeDeps);
    registerLimitRoutes(commands, routeDeps);
    registerVerificationRoutes(commands, routeDeps);
    registerVerificationRequestRoutes(commands, routeDeps);
    registerCommissionRoutes(commands, routeDeps);
    registerFreezeRoutes(commands, routeDeps);
    registerHistoryRoutes(commands, routeDeps);
    registerStatementRoutes(commands, routeDeps);
    registerBalanceStreamRoutes(commands, { ...routeDeps, liveBalance: deps.liveBalance ?? defaultLiveBalance() });
    registerStatsRoutes(commands, routeDeps);
    registerTransactionRoutes(commands, routeDeps);
    registerBalanceMonitorRoutes(commands, routeDeps);
    registerMonitoringRoutes(commands, routeDeps);
    registerWebhookRoutes(commands, routeDeps);
  });
}

/**
 * Who calls, in hook order: the token (its version asked of write admission), then Coin-Version
 * (after authentication: a platform client's pinned version is its default), the API key, and
 * the refusal audit of what those refuse.
 */
function registerCallerChecks(app: App, deps: GatewayDeps, admission: WriteAdmission): void {
  registerAuth(app, { ...deps.auth, tokenVersion: admission.tokenVersion });
  registerApiVersion(app);
  registerApiKeyCheck(app, deps.apiKeys);
  if (deps.refusalAudit) registerRefusalAudit(app, deps.refusalAudit);
}
