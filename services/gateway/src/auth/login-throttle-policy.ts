import { AppError } from '@coin/errors';
import { sha256Hex } from '@coin/security';

/**
 * The login-throttling policy, in one place (docs/OPERATIONS.md "Login throttling").
 *
 * Only failed logins are counted, in two fixed windows:
 * - per (e-mail, client): one client guessing one account's password is refused after
 *   `perAccountClient.max` failures. Keying on the pair, not on the e-mail alone, is what keeps
 *   an attacker from locking the owner out: the owner's client has its own count.
 * - per client, whatever the e-mail: one client trying many accounts (credential stuffing) is
 *   refused for every login after `perClient.max` failures.
 * An attempt is counted in *before* its password is checked (and given back if it turns out not
 * to be a failure), so concurrent guesses cannot all slip under the budget at once. A client over
 * either budget gets 429 without its password being checked, even a correct one. A success resets
 * the pair's count: whoever knows the password need not guess it.
 *
 * "Client" is the client address the gateway computes (GATEWAY_TRUSTED_PROXIES).
 */
export interface FailureBudget {
  max: number;
  windowMs: number;
}

export interface LoginThrottlePolicy {
  perAccountClient: FailureBudget;
  perClient: FailureBudget;
}

export interface LoginThrottleKeys {
  accountClient: string;
  client: string;
}

/**
 * The counters' keys. The e-mail is normalised as the user service does (so `A@x` and `a@x` share
 * a count) and hashed: whoever reads Redis learns neither who is attacked nor who logs in.
 */
export function loginThrottleKeys(email: string, client: string): LoginThrottleKeys {
  const account = email.trim().toLowerCase();
  return {
    accountClient: `login-fail:account-client:${sha256Hex(`${account}\n${client}`).slice(0, 32)}`,
    client: `login-fail:client:${client}`,
  };
}

/** Both counters right after this attempt was counted in, with what remains of their windows. */
export interface FailureCounts {
  accountClient: number;
  accountClientTtlMs: number;
  client: number;
  clientTtlMs: number;
}

export type LoginVerdict = { allowed: true } | { allowed: false; exceeded: Array<'account-client' | 'client'>; retryAfterS: number };

/** Whether the attempt just counted in may have its password checked. */
export function judgeLogin(counts: FailureCounts, policy: LoginThrottlePolicy): LoginVerdict {
  const exceeded: Array<'account-client' | 'client'> = [];
  let waitMs = 0;
  if (counts.accountClient > policy.perAccountClient.max) {
    exceeded.push('account-client');
    waitMs = Math.max(waitMs, counts.accountClientTtlMs);
  }
  if (counts.client > policy.perClient.max) {
    exceeded.push('client');
    waitMs = Math.max(waitMs, counts.clientTtlMs);
  }
  if (exceeded.length === 0) return { allowed: true };
  return { allowed: false, exceeded, retryAfterS: Math.max(1, Math.ceil(waitMs / 1000)) };
}

/**
 * Only a refused password counts as a failure. A validation error, an unavailable user service or
 * a timeout says nothing about the password, so the attempt is given back.
 */
export function isCredentialFailure(err: unknown): boolean {
  return err instanceof AppError && err.code === 'UNAUTHENTICATED';
}
