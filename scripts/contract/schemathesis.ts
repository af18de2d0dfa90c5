/**
 * The OpenAPI contract check: Schemathesis, every check and every phase (examples,
 * coverage, fuzzing, stateful), against a running gateway and the document it serves. Used by
 * test/e2e/contract-schemathesis.test.ts (bounded) and `npm run fuzz:contract` (longer).
 *
 * Authentication is set up here from sessions the caller created through the API (never by
 * hand): an ordinary user's token for user operations, a SUPERADMIN's token and an API key with
 * every scope for /api/admin, and a throwaway user's token for "log out everywhere" (which ends
 * the sessions of whoever calls it). The run's own identities are kept out of reach of the
 * operations that would end them (deleting or re-roling those users, revoking that key): the
 * hooks file below filters such cases out, as the fast-check fuzzer does (scripts/fuzz/principals.ts).
 */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { currentApiVersion } from '@coin/contracts';
import { ensureSchemathesis } from './schemathesis-venv';

export interface ContractIdentities {
  userToken: string;
  superadminToken: string;
  /** An API key with the mint, burn and refund scopes, and its id. */
  apiKey: { key: string; id: string };
  /** A user of its own for POST /api/auth/logout-all: calling it ends that user's sessions. */
  logoutAllToken: string;
  /** Users the run must not delete or re-role (its own sessions). */
  protectedUserIds: number[];
}

export interface ContractRunOptions {
  gatewayUrl: string;
  identities: ContractIdentities;
  /** Test cases per operation and phase. */
  maxExamples: number;
  /** Time budget for the whole run, in seconds (fuzzing and stateful repeat until it is spent). */
  maxTimeS: number;
  seed: number;
  workers?: number;
  /**
   * How long Schemathesis waits for one answer, in seconds (default 10): longer than the
   * gateway's own waits (a command's 5 s, an internal read's 3 s), so that what it sees of a slow
   * backing service is the gateway's documented answer, not a cut connection.
   */
  requestTimeoutS?: number;
  log?: (line: string) => void;
}

export interface ContractRunResult {
  exitCode: number;
  output: string;
  seconds: number;
  command: string;
  reportDir: string;
}

function tomlString(value: string): string {
  return JSON.stringify(value);
}

/**
 * The operations whose well-formed requests may still be refused, or which are left out, by contract: the
 * same for every run (the per-run part, the identities, is in schemathesisConfig). `idempotentOperations`:
 * the operations that take an Idempotency-Key and no block of their own here (idempotentOperationIds).
 */
// long-function: the text of the run's operation outcomes, a block each, each with its reason
const operationOutcomesWith = (
  idempotentOperations: readonly string[],
) => `# A money command whose request is well formed may still be refused by the ledger, which is the
# point of it: INSUFFICIENT_FUNDS, SELF_TRANSFER, RECIPIENT_CLOSED, NOT_REFUNDABLE,
# REFUND_EXCEEDS_PURCHASE, LIMIT_EXCEEDED, CAPTURE_EXCEEDS_HOLD are 422 (docs/CONTRACT.md "Transaction types", "Errors") and depend on
# balances, limits and holds no schema can state; so are the hold and approval operations.
# Their 503 and 504 are documented outcomes too (docs/CONTRACT.md "Errors": the command id in the problem, a retry
# with the same Idempotency-Key is safe): a command not confirmed in time when the machine is busy
# (npm test runs the e2e suites in parallel on one Kafka). Any other 5xx, a 500 above all, fails.
[[operations]]
include-operation-id = ["mintCoins", "burnCoins", "transferCoins", "purchase", "rewardUser", "refundTransaction", "createHold", "captureHold", "voidHold", "approveRequest", "rejectRequest"]
checks.positive_data_acceptance.expected-statuses = ["2xx", "401", "403", "404", "409", "422", "429", "5xx"]
checks.not_a_server_error.expected-statuses = ["2xx", "3xx", "4xx", "503", "504"]
phases.stateful.generation.mode = "positive"

# Every other operation that takes an Idempotency-Key (its header parameter in the document; none of
# the blocks above or below names it): creating a platform client (live or test-mode), a webhook
# endpoint or a balance monitor, freezing a wallet or asking or approving its unfreeze, an admin's
# cancel of a mandate (404 for one that does not exist, 409 once it no longer charges), the sandbox's
# writes, a cash-out, a payer's or platform's cancel of a mandate, and every two-person request and its
# decision (a payout's, a cash-out reversal's, a callback secret's, a reward cap's, a deletion's, a
# verification's, a commission rule's, a rule's freeze lift: 403 for its requester, 409 once decided).
# Schemathesis draws keys from the header's pattern and sends one again with another body, which is
# 422 IDEMPOTENCY_KEY_REUSED by contract (docs/CONTRACT.md "Idempotency"), not a valid request refused.
[[operations]]
include-operation-id = [${idempotentOperations.map((id) => JSON.stringify(id)).join(', ')}]
checks.positive_data_acceptance.expected-statuses = ["2xx", "401", "403", "404", "409", "422", "429", "5xx"]
phases.stateful.generation.mode = "positive"

# A cash-out rate's proposal is judged by the ledger against its own clock and the versions it holds
# (docs/CONTRACT.md "Cash-out"): an effective time less than 60 s or more than 90 days ahead of the
# ledger's clock when it applies, which no schema can state, is VALIDATION_FAILED, and past the
# pending versions' bound LIMIT_EXCEEDED; it takes an Idempotency-Key (422 IDEMPOTENCY_KEY_REUSED as
# above). Deciding a rate or a cash-out, or claiming one, depends on who asks and on its state (the
# proposer is 403 APPROVAL_BY_REQUESTER, a decided one 409, one awaiting its second person 403).
# A sandbox clock's set is judged the same way against the clock it moves (docs/CONTRACT.md
# "Test-mode clients"): a time before what the clock reads, or more than a year ahead of wall time,
# is VALIDATION_FAILED; a sandbox reset sends many commands under keys derived from its own, one of
# them reused with another body being 422 as above.
[[operations]]
include-operation-id = ["proposeCashoutRate", "approveCashoutRate", "rejectCashoutRate", "approveCashout", "rejectCashout", "claimCashout", "setSandboxClock", "resetSandbox"]
checks.positive_data_acceptance.expected-statuses = ["2xx", "400", "401", "403", "404", "409", "422", "429", "5xx"]
checks.not_a_server_error.expected-statuses = ["2xx", "3xx", "4xx", "503", "504"]
phases.stateful.generation.mode = "positive"

# Approving or rejecting a grant request depends on who asks and on the request's state
# (docs/DESIGN.md "Two-person acts"): its requester is 403 APPROVAL_BY_REQUESTER, someone promoted
# since is 403 APPROVER_NOT_ELIGIBLE, a decided or outdated request is 409; no schema can state those.
[[operations]]
include-operation-id = ["approveGrantRequest", "rejectGrantRequest"]
checks.positive_data_acceptance.expected-statuses = ["2xx", "401", "403", "404", "409", "429", "5xx"]
checks.not_a_server_error.expected-statuses = ["2xx", "3xx", "4xx", "503", "504"]
phases.stateful.generation.mode = "positive"

# A payout is a money command (422 for a balance, a limit or a closed recipient, as above), and its
# lines must name each recipient once: JSON Schema's uniqueItems compares whole lines, so a rule on
# one member (toUserId) is not one a schema can state; two lines to one user are a 400 naming the line.
[[operations]]
include-operation-id = "payout"
checks.positive_data_acceptance.expected-statuses = ["2xx", "400", "401", "403", "404", "409", "422", "429", "5xx"]
checks.not_a_server_error.expected-statuses = ["2xx", "3xx", "4xx", "503", "504"]
phases.stateful.generation.mode = "positive"

# A mandate's grant is a ledger command (its refusals depend on the wallet and the client named: 404
# for a client that does not exist or is revoked; 422 IDEMPOTENCY_KEY_REUSED as above), and two of its rules span members: endsAt after
# startsAt, maxPerPeriod at least amount (the members' descriptions say it; OpenAPI 3.1 cannot state
# a rule across two members), so such a pair is a 400 naming the member.
[[operations]]
include-operation-id = "grantMandate"
checks.positive_data_acceptance.expected-statuses = ["2xx", "400", "401", "403", "404", "409", "422", "429", "5xx"]
checks.not_a_server_error.expected-statuses = ["2xx", "3xx", "4xx", "503", "504"]
phases.stateful.generation.mode = "positive"

# A monitoring rule's common members and their limits are in the schema; a kind's own parameters
# (maxHops 2-6 for circular, bandBasisPoints for structuring, maxCount or maxSumMinor for velocity,
# minWindows at most baselineWindows…) are free members the monitoring service judges in full
# (docs/design/monitoring.md), so a well-formed rule of a kind may still be a 400 naming the member.
# Tuning one also names it twice, in the path and in the body's rule.id: they must be the same rule
# (a rule across a path parameter and a body member, which no schema can state), else 400.
[[operations]]
include-operation-id = ["putMonitoringRule", "backtestMonitoringRule"]
checks.positive_data_acceptance.expected-statuses = ["2xx", "400", "401", "403", "404", "409", "429", "5xx"]
phases.stateful.generation.mode = "positive"

# POST /api/auth/token in its RFC 6749 form answers well-formed credentials of no registered
# client with 400 invalid_client (RFC 6749 §5.2: 401 only when they came in HTTP Basic); the JSON
# form answers 401. Which client ids exist is not for a schema to say.
[[operations]]
include-operation-id = "issueToken"
checks.positive_data_acceptance.expected-statuses = ["2xx", "400", "401", "403", "404", "409", "429", "5xx"]
phases.stateful.generation.mode = "positive"

# Schemathesis infers stateful links from response members named like a path parameter
# (transactionId → GET /api/coins/transactions/{id}, userId → /api/admin/users/{id}…); where
# that member is null (a pending hold's or approval request's transactionId, a treasury mint's
# userId) the link passes on the text "None", refused with 400 like any id that is not digits.
[[operations]]
include-operation-id = ["getTransaction", "getUser", "deleteUser", "changeUserRole", "getUserLimits", "setUserLimits"]
checks.positive_data_acceptance.expected-statuses = ["2xx", "400", "401", "403", "404", "409", "429", "5xx"]
phases.stateful.generation.mode = "positive"

# A cursor is opaque (docs/CONTRACT.md "Paging"; the audit log's too): only one the service issued (a page's
# nextCursor) is valid, and no pattern can tell those from other strings of the same letters; the
# others are refused with 400. Every list takes one; the offset and page lists refuse a
# cursor given with offset or page (which was meant cannot be told), which no schema can state.
# GET /api/admin/transactions takes userId or treasury, not both: OpenAPI 3.1 cannot state a rule
# across two query parameters (the parameters' descriptions say it), so that pair is a 400 too.
# So are a statement's from and to: from < to, at most 366 days apart (docs/CONTRACT.md
# "Statements and balances as of a time"; the descriptions say it), and a daily series' from and
# to: from ≤ to, at most 366 days (docs/CONTRACT.md "Daily series").
# The live balance streams (text/event-stream) never end while the token is valid: every valid
# case would be a request cut off by the timeout. They are left out here and covered by
# test/e2e/live-balance.test.ts and the gateway's balance-stream component test.
[[operations]]
include-operation-id = ["streamMyBalance", "streamUserBalance"]
enabled = false

[[operations]]
include-operation-id = ["getMyHistory", "searchTransactions", "listAuditLog", "listMyTransactions", "listMyHolds", "listHolds", "listApprovals", "listPayoutApprovals", "listCommissionChanges", "listCashoutReversals", "listCashoutApprovals", "listUsers", "getMyStatement", "getUserStatement", "getTreasuryStatement", "listServiceActions", "listAllWebhookEndpoints", "listWebhookDeliveries", "listClientWebhookDeliveries", "getMyDailyBalances", "getUserDailyBalances", "getTreasuryDailyBalances", "getDailySupply", "getDailyVolume", "listMyMandates", "listClientMandates", "listClientHolds", "getClientTreasuryStatement", "getSandboxUserStatement", "listMandates", "listCashouts", "listMyCashouts", "listAssignedCashouts", "listMonitoringCases", "listWalletFreezes", "listUnfreezeRequests"]
checks.positive_data_acceptance.expected-statuses = ["2xx", "400", "401", "403", "404", "409", "429", "5xx"]
phases.stateful.generation.mode = "positive"
`;

/** The parts of the API document read here: its operations, their header parameters, and the Coin-Version header's versions. */
export interface OpenApiDocument {
  paths: Record<string, Record<string, { operationId?: string; parameters?: Array<{ in?: string; name?: string }> }>>;
  components: { parameters: { CoinVersion: { schema: { enum: string[] } } } };
}

/** The committed document (libs/client/openapi.json), which the gateway serves too (its drift is checked by the client's generator). */
export function committedDocument(): OpenApiDocument {
  return JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'libs', 'client', 'openapi.json'), 'utf8')) as OpenApiDocument;
}

/** What stands in the Idempotency-Key block of operationOutcomesWith while the other blocks are read. */
const idempotentMarker = 'the-idempotent-operations';

/** The operations the blocks of operationOutcomesWith name, the Idempotency-Key block's aside: each keeps its own. */
function operationsWithOutcomes(): Set<string> {
  const lines = operationOutcomesWith([idempotentMarker]).split('\n');
  return new Set(
    lines
      .filter((line) => line.startsWith('include-operation-id = ') && !line.includes(idempotentMarker))
      .flatMap((line) => {
        const ids: unknown = JSON.parse(line.slice('include-operation-id = '.length));
        return Array.isArray(ids) ? (ids as string[]) : [ids as string];
      }),
  );
}

/**
 * The operations of `document` that take an Idempotency-Key (a header parameter of theirs), less
 * `others` (those with a block of their own), in the document's order: read from the document, so
 * a new operation that takes a key, a new four-eyes act's request or decision above all, is
 * expected to answer a reused key's 422 with no line here.
 */
export function idempotentOperationIds(document: OpenApiDocument, others: ReadonlySet<string>): string[] {
  return Object.values(document.paths).flatMap((item) =>
    Object.values(item).flatMap((operation) => {
      const id = operation.operationId;
      const takesKey = (operation.parameters ?? []).some((p) => p.in === 'header' && p.name?.toLowerCase() === 'idempotency-key');
      return id !== undefined && takesKey && !others.has(id) ? [id] : [];
    }),
  );
}

/** The operations' outcomes of a run of the committed document. */
function operationOutcomes(): string {
  return operationOutcomesWith(idempotentOperationIds(committedDocument(), operationsWithOutcomes()));
}

/**
 * The configuration of one run. Every check stays on for every operation; where a check's
 * default expectation does not fit an operation by design, the expectation is widened for that
 * operation only, with the reason.
 */
export function schemathesisConfig(options: ContractRunOptions): string {
  const { identities } = options;
  const user = `Bearer ${identities.userToken}`;
  const superadmin = `Bearer ${identities.superadminToken}`;
  return `# Generated by scripts/contract/schemathesis.ts for one run: do not edit, change the generator.
seed = ${options.seed}
workers = ${options.workers ?? 1}
request-timeout = ${(options.requestTimeoutS ?? 10).toFixed(1)}
hooks = "coin_contract_hooks"

# The identities below are the run's: no account of Schemathesis's own making on every operation
# (it would also put a bearer token on the public ones, e.g. beside client credentials).
[auth]
auto-signup = false

# Stateful phase: valid requests only. Schemathesis 4.32.5 marks a stateful step negative for a
# body member or header it mutated, then sends the value a link supplies (e.g. a treasury code
# read from GET /api/admin/treasuries) and the configured credentials instead, so a valid request
# is reported as "schema-violating request accepted". Invalid data is sent, and its refusal
# checked, for every operation in the examples, coverage and fuzzing phases. (Repeated in each
# [[operations]] entry below: an operation's own settings come before the phase's.)
[phases.stateful.generation]
mode = "positive"

# Credentials per operation, as each operation's \`security\` asks: public operations get none
# (POST /api/auth/token must not see a bearer token beside the client credentials).
[[operations]]
include-path-regex = "^/api/(coins|wallets|commands)/"
headers = { Authorization = ${tomlString(user)} }
phases.stateful.generation.mode = "positive"

# Administration: the SUPERADMIN (it passes every ADMIN+ guard) and the API key (mint, burn, refund).
[[operations]]
include-path-regex = "^/api/admin/"
headers = { Authorization = ${tomlString(superadmin)}, "x-api-key" = ${tomlString(identities.apiKey.key)} }
phases.stateful.generation.mode = "positive"

# "Log out everywhere" ends every session of its caller: a user of its own, so the others live on.
[[operations]]
include-operation-id = "logoutEverywhere"
headers = { Authorization = ${tomlString(`Bearer ${identities.logoutAllToken}`)} }
phases.stateful.generation.mode = "positive"

${operationOutcomes()}
`;
}

/**
 * The earlier versions the gateway serves (the Coin-Version header's enum in the committed
 * document, libs/client/openapi.json, which the gateway serves too), as Python set members.
 */
function supportedEarlier(): string {
  return committedDocument()
    .components.parameters.CoinVersion.schema.enum.filter((version) => version !== currentApiVersion)
    .map((version) => JSON.stringify(version))
    .join(', ');
}

/** Keeps the run's own identities alive: no case deletes or re-roles its users or revokes its key. */
// long-function: the text of a generated Python hooks file
export function schemathesisHooks(identities: ContractIdentities): string {
  return `# Generated by scripts/contract/schemathesis.ts for one run.
import schemathesis
import schemathesis.engine.context as _context

# Schemathesis 4.32.5 builds one HTTP session per worker with the headers configured for the first
# operation that worker runs, and every later request inherits them: the SUPERADMIN's token would
# reach the public operations (POST /api/auth/token refuses a bearer token beside client
# credentials). The session is built with the project's settings only; each operation's own
# headers still go with each of its requests.
_make_session = _context.make_session


def _session_without_operation_headers(config, *, operation=None):
    return _make_session(config, operation=None)


_context.make_session = _session_without_operation_headers

PROTECTED_USER_IDS = {${identities.protectedUserIds.map((id) => `"${id}"`).join(', ')}}
PROTECTED_API_KEY_IDS = {${JSON.stringify(identities.apiKey.id)}}


# Another id for the same request: it reaches the operation and is answered 404.
UNUSED_USER_ID = "9007199254740991"
UNUSED_API_KEY_ID = "00000000-0000-4000-8000-000000000000"


def _protected(operation, path_parameters):
    if operation is None or not path_parameters:
        return None
    method = operation.method.upper()
    if method in ("DELETE", "PATCH") and operation.path.startswith("/api/admin/users/{id}"):
        if str(path_parameters.get("id")) in PROTECTED_USER_IDS:
            return UNUSED_USER_ID
    if method == "DELETE" and operation.path == "/api/admin/api-keys/{id}":
        if str(path_parameters.get("id")) in PROTECTED_API_KEY_IDS:
            return UNUSED_API_KEY_ID
    return None


@schemathesis.hook
def filter_path_parameters(ctx, path_parameters):
    return _protected(ctx.operation, path_parameters) is None


# The document describes the answers of its own version (info.version). An answer asked for with
# Coin-Version naming an earlier version this API serves is shaped as that version's document,
# libs/client/released/openapi-<version>.json, says (docs/VERSIONING.md "Pinning a version": 3.0.0
# has no wallet frozen), which this document cannot describe; that downgrade is checked by
# services/gateway/src/plugins/api-version.unit.test.ts. So no case is drawn with such a version,
# and a case taken from the document's examples asks for ${JSON.stringify(currentApiVersion)} instead;
# any other value (malformed, unknown) is sent as drawn, and its 400 checked.
_SERVED_EARLIER = {${supportedEarlier()}}


def _pinned_earlier(headers):
    return [name for name, value in (headers or {}).items() if name.lower() == "coin-version" and isinstance(value, str) and value in _SERVED_EARLIER]


@schemathesis.hook
def filter_headers(ctx, headers):
    return not _pinned_earlier(headers)


# Ids taken from responses (stateful phase) do not pass the filter above: changed before sending.
@schemathesis.hook
def before_call(ctx, case, **kwargs):
    replacement = _protected(case.operation, case.path_parameters)
    if replacement is not None:
        case.path_parameters = {**case.path_parameters, "id": replacement}
    # The phases that take examples from the document pass no filter: the one header changed in place.
    for name in _pinned_earlier(case.headers):
        case.headers[name] = ${JSON.stringify(currentApiVersion)}
`;
}

/** GET /openapi.json of the gateway, as text; throws when it does not answer 200 within timeoutMs. */
async function servedDocument(gatewayUrl: string, timeoutMs: number): Promise<string> {
  const response = await fetch(`${gatewayUrl}/openapi.json`, { signal: AbortSignal.timeout(timeoutMs) });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`GET ${gatewayUrl}/openapi.json answered ${response.status}: ${text.slice(0, 200)}`);
  return text;
}

/** Runs Schemathesis once; never throws for failures found (the exit code and output say). */
export async function runSchemathesis(options: ContractRunOptions): Promise<ContractRunResult> {
  const log = options.log ?? (() => {});
  const bin = await ensureSchemathesis(log);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'coin-schemathesis-'));
  const configFile = path.join(dir, 'schemathesis.toml');
  fs.writeFileSync(configFile, schemathesisConfig(options));
  fs.writeFileSync(path.join(dir, 'coin_contract_hooks.py'), schemathesisHooks(options.identities));
  const reportDir = path.join(dir, 'report');
  // The document the gateway serves, read here and given to Schemathesis as a file: read by
  // Schemathesis itself, its loading has a fixed 10 s limit that request-timeout does not move,
  // which a busy machine's gateway once passed. Its one server is relative ("/"): --url is its base.
  const documentFile = path.join(dir, 'openapi.json');
  fs.writeFileSync(documentFile, await servedDocument(options.gatewayUrl, (options.requestTimeoutS ?? 10) * 1000));
  const args = [
    '--no-color',
    '--config-file',
    configFile,
    'run',
    documentFile,
    '--url',
    options.gatewayUrl,
    '--checks',
    'all',
    '--phases',
    'examples,coverage,fuzzing,stateful',
    '--max-examples',
    String(options.maxExamples),
    '--max-time',
    String(options.maxTimeS),
    '--seed',
    String(options.seed),
    '--report',
    'junit',
    '--report-dir',
    reportDir,
  ];
  const command = `schemathesis ${args.join(' ')}`;
  log(command);
  const started = Date.now();
  const { exitCode, output } = await new Promise<{ exitCode: number; output: string }>((resolve) => {
    const child = spawn(bin, args, {
      cwd: dir,
      env: { ...process.env, PYTHONPATH: dir, SCHEMATHESIS_HOOKS: 'coin_contract_hooks', NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let text = '';
    const take = (chunk: Buffer) => {
      text += chunk.toString();
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.on('error', (err) => resolve({ exitCode: 127, output: `${text}\n${String(err)}` }));
    child.on('close', (code, signal) => resolve({ exitCode: code ?? (signal ? 128 : 1), output: text }));
  });
  // The report stays for reading; the files holding the run's credentials go.
  for (const file of [configFile, path.join(dir, 'coin_contract_hooks.py')]) fs.rmSync(file, { force: true });
  return { exitCode, output, seconds: Math.round((Date.now() - started) / 1000), command, reportDir };
}
