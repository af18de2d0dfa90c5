import { AppError } from '@coin/errors';
import { sha256Hex } from '@coin/security';

/**
 * The login-throttling policy, in one place (docs/operations/procedures.md "Login throttling").
 *
 * Only failed logins are counted, and past a number of free failures they **slow down** the next
 * attempt instead of locking anyone out: each further attempt must wait a delay after the last
 * failure that doubles with every failure (`delayBaseMs`, 2×, 4×, …, at most `delayMaxMs`). Two
 * counters, each forgotten `windowMs` after its last failure:
 * - per (e-mail, client): one client guessing one account's password. Keyed on the pair, so the
 *   owner's client has its own count and a guesser cannot slow the owner down from elsewhere.
 * - per e-mail, across clients: many clients guessing one account (a spread of addresses). The
 *   owner is spared it from a client it logged in from before (a "known" client, remembered
 *   `knownClientTtlMs` after each success: NIST SP 800-63B 5.2.2), and anywhere else waits at
 *   most `delayMaxMs`.
 * Nothing counts per client alone: a client address is shared by everyone behind one NAT or
 * proxy, and a count per address let thirty failures lock every account behind it. One client
 * trying many e-mails (credential stuffing) is bounded by the per-client login request limit
 * (`login-ip`) and by each pair's budget.
 *
 * An attempt is counted in *before* its password is checked (and given back if it turns out not
 * to be a failure), so concurrent guesses cannot all slip under the budget at once; a refused
 * password then dates the failure, so the delay runs from the refusal however long the check
 * took. An attempt inside its delay gets 429 without its password being checked, even a correct
 * one. A success resets the pair's count: whoever knows the password need not guess it.
 *
 * "Client" is the client address the gateway computes (GATEWAY_TRUSTED_PROXIES).
 */
export interface FailureBudget {
  /** Failures within the window before the slow-down starts. */
  max: number;
  /** How long a counter is kept after its last failure. */
  windowMs: number;
}

export interface LoginThrottlePolicy {
  perAccountClient: FailureBudget;
  perAccount: FailureBudget;
  /** The wait after the first failure past a budget; each further failure doubles it. */
  delayBaseMs: number;
  delayMaxMs: number;
  /** How long a client that logged in to an account is spared that account's slow-down across clients. */
  knownClientTtlMs: number;
}

export interface LoginThrottleKeys {
  accountClient: string;
  account: string;
  /** Set when this client logged in to this account: it is spared the account's slow-down. */
  knownClient: string;
}

/**
 * The counters' keys. The e-mail is normalised as the user service does (so `A@x` and `a@x` share
 * a count) and hashed: whoever reads Redis learns neither who is attacked nor who logs in.
 */
export function loginThrottleKeys(email: string, client: string): LoginThrottleKeys {
  const account = email.trim().toLowerCase();
  const pair = sha256Hex(`${account}\n${client}`).slice(0, 32);
  return {
    accountClient: `login-slow:account-client:${pair}`,
    account: `login-slow:account:${sha256Hex(account).slice(0, 32)}`,
    knownClient: `login-known:${pair}`,
  };
}

/** A counter as stored: the failures in it, and when the last was counted. */
export interface FailureCount {
  failures: number;
  lastMs: number;
}

/** How long after the last failure the next attempt must wait, with `failures` counted under `budget`. */
export function delayAfterMs(
  failures: number,
  budget: FailureBudget,
  policy: Pick<LoginThrottlePolicy, 'delayBaseMs' | 'delayMaxMs'>,
): number {
  if (failures < budget.max) return 0;
  // 2^k overflows to Infinity past k = 1023, which min() caps: no loop, no error.
  return Math.min(policy.delayBaseMs * 2 ** (failures - budget.max), policy.delayMaxMs);
}

/** The counters an attempt is judged on, read before it is counted in. */
export interface LoginCounts {
  accountClient: FailureCount;
  account: FailureCount;
  knownClient: boolean;
  nowMs: number;
}

export type LoginVerdict = { allowed: true } | { allowed: false; exceeded: Array<'account-client' | 'account'>; retryAfterS: number };

/** Whether an attempt may have its password checked now, or how long it must wait. */
export function judgeLogin(counts: LoginCounts, policy: LoginThrottlePolicy): LoginVerdict {
  const waits: Array<['account-client' | 'account', number]> = [
    [
      'account-client',
      counts.accountClient.lastMs + delayAfterMs(counts.accountClient.failures, policy.perAccountClient, policy) - counts.nowMs,
    ],
    [
      'account',
      counts.knownClient ? 0 : counts.account.lastMs + delayAfterMs(counts.account.failures, policy.perAccount, policy) - counts.nowMs,
    ],
  ];
  const exceeded = waits.filter(([, waitMs]) => waitMs > 0);
  if (exceeded.length === 0) return { allowed: true };
  const waitMs = Math.max(...exceeded.map(([, w]) => w));
  return { allowed: false, exceeded: exceeded.map(([name]) => name), retryAfterS: Math.max(1, Math.ceil(waitMs / 1000)) };
}

/**
 * Only a refused password counts as a failure. A validation error, an unavailable user service or
 * a timeout says nothing about the password, so the attempt is given back.
 */
export function isCredentialFailure(err: unknown): boolean {
  return err instanceof AppError && err.code === 'UNAUTHENTICATED';
}
