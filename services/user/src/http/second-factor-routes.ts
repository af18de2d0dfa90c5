import { randomUUID } from 'node:crypto';
import {
  internalChangePasswordBody,
  loginResult,
  internalMfaConfirmBody,
  internalMfaEnrolBody,
  internalStepUpBody,
  mfaConfirmed,
  mfaEnrolment,
  mfaVerifyBody,
  passwordChanged,
  passwordReset,
  resetPasswordBody,
  steppedUp,
  type Actor,
} from '@coin/contracts';
import { inTransaction, type PoolClient } from '@coin/db';
import { AppError, errorOf } from '@coin/errors';
import { registerRoutes, routeOf, type App, type InternalRoute } from '@coin/http';
import { hashPassword, owaspScryptCost, sha256Hex, verifyPassword } from '@coin/security';
import { writeAccountChanges } from '../db/account-changes';
import {
  clearChallenge,
  confirmSecret,
  findChallenge,
  lockSecondFactor,
  recordSecondFactorFailure,
  recordSecondFactorSuccess,
  replaceRecoveryCodes,
  setPendingSecret,
  setPasswordHash,
  useRecoveryCode,
  consumeResetCode,
  type SecondFactorRow,
} from '../db/second-factor-repo';
import { takeUndeliveredNotices } from '../db/account-notices-repo';
import { revokeAllOfUser } from '../db/sessions-repo';
import { insertUserEvents } from '../db/user-events-outbox';
import { findPasswordHash, findUserById, lockUser } from '../db/users-repo';
import { decideAccountCommand } from '../domain/rules';
import {
  acceptedTotpStep,
  afterFailure,
  groupedCodeHash,
  isTotpCode,
  newRecoveryCodes,
  newTotpSecret,
  otpauthUriOf,
  secondFactorLocked,
} from '../domain/second-factor';
import { verifyOwnAccessToken } from '../domain/tokens';
import type { UserRow } from '../domain/users';
import { issueSession, signSessionToken, type InternalRouteDeps } from './internal-routes';

type CodeCheck = { ok: true } | { ok: false; error: AppError };

const wrongCode = () => new AppError('MFA_CODE_INVALID', 'The code is wrong or was already used');
const tooManyCodes = () =>
  new AppError('RATE_LIMITED', 'Too many wrong second-factor codes for this account; wait for the window to end (MFA_FAILURE_WINDOW_S)');

/**
 * The account behind the caller's own access token, verified here (not the gateway's word) and
 * still current (its token version: a revoked session cannot enrol or change a password).
 */
async function callerOf(deps: InternalRouteDeps, accessToken: string): Promise<{ row: UserRow; mfaAt: Date | null }> {
  const claims = await verifyOwnAccessToken(deps.keys, deps.tokens, accessToken, deps.now());
  const row = claims ? await findUserById(deps.pool, claims.userId) : null;
  if (!claims || !row || row.token_version !== claims.tokenVersion)
    throw new AppError('UNAUTHENTICATED', 'The access token is invalid or revoked');
  return { row, mfaAt: claims.mfaAt };
}

/**
 * Checks a second-factor code against the locked account: its TOTP code (a step after the last
 * one used) or an unused recovery code. Success and failure are both written in the caller's
 * transaction; a failure is answered, not thrown, so that it commits (the count must stick).
 */
async function checkCode(client: PoolClient, deps: InternalRouteDeps, factor: SecondFactorRow, code: string): Promise<CodeCheck> {
  const now = deps.now();
  if (secondFactorLocked(factor.failures, deps.secondFactor.failures, now)) return { ok: false, error: tooManyCodes() };
  const secret = factor.secret_sealed === null ? null : deps.secondFactor.box.open(factor.secret_sealed, factor.id);
  if (secret === null) return { ok: false, error: new AppError('MFA_REQUIRED', 'This account has no second factor enrolled') };
  if (isTotpCode(code)) {
    const step = acceptedTotpStep(secret, code, now.getTime(), factor.last_step);
    if (step !== null) {
      await recordSecondFactorSuccess(client, factor.id, step);
      return { ok: true };
    }
  } else if (await useRecoveryCode(client, factor.id, groupedCodeHash(code))) {
    await recordSecondFactorSuccess(client, factor.id, null);
    return { ok: true };
  }
  await recordSecondFactorFailure(client, factor.id, afterFailure(factor.failures, deps.secondFactor.failures, now));
  return { ok: false, error: wrongCode() };
}

/** Ends every session of the account (new token version, refresh tokens revoked, the event out), in the caller's transaction. */
async function endAllSessions(client: PoolClient, deps: InternalRouteDeps, user: UserRow): Promise<UserRow> {
  const actor: Actor = { kind: 'user', id: String(user.id), role: user.role };
  const decision = decideAccountCommand(
    { type: 'user.revoke-sessions', actor, data: { userId: user.id } },
    { user },
    { now: deps.now(), newId: randomUUID },
  );
  if (!decision.ok) throw errorOf(decision);
  await writeAccountChanges(client, decision.changes);
  await insertUserEvents(client, deps.topics, decision.events);
  return { ...user, token_version: decision.result.tokenVersion };
}

/**
 * Writes the revocation a password change or reset made into the ledger's partitions before the
 * answer (docs/DESIGN.md "Who asks"). The change is committed either way; while Kafka does not
 * take the records the caller gets 503 and the relay's sweeper writes them once it does.
 */
async function flushRevocations(deps: InternalRouteDeps): Promise<void> {
  try {
    await deps.revocations?.flush();
  } catch {
    throw new AppError(
      'UNAVAILABLE',
      'The change is saved, but the other sessions could not be ended everywhere yet; they will be shortly',
    );
  }
}

/**
 * The second factor (enrolment, sign-in, step-up) and passwords (change, reset): docs/DESIGN.md
 * "Admin sign-in: second factor and step-up". Credential-bearing, so internal HTTP, never Kafka.
 */
export function registerSecondFactorRoutes(app: App, deps: InternalRouteDeps): void {
  registerRoutes(app, secondFactorRoutes, deps);
}

const route = routeOf<InternalRouteDeps>();

const secondFactorRoutes: InternalRoute<InternalRouteDeps>[] = [
  route({
    method: 'POST',
    url: '/internal/auth/mfa/enrolment',
    schema: { body: internalMfaEnrolBody, response: { 200: mfaEnrolment } },
    handler: (request, _reply, deps) => startEnrolment(deps, request.body.accessToken),
  }),
  route({
    method: 'POST',
    url: '/internal/auth/mfa/enrolment/confirm',
    schema: { body: internalMfaConfirmBody, response: { 200: mfaConfirmed } },
    handler: (request, _reply, deps) => confirmEnrolment(deps, request.body.accessToken, request.body.code),
  }),
  route({
    method: 'POST',
    url: '/internal/auth/mfa/verify',
    schema: { body: mfaVerifyBody, response: { 200: loginResult } },
    handler: (request, _reply, deps) => completeSignIn(deps, request.body.challenge, request.body.code),
  }),
  route({
    method: 'POST',
    url: '/internal/auth/mfa/step-up',
    schema: { body: internalStepUpBody, response: { 200: steppedUp } },
    handler: (request, _reply, deps) => stepUp(deps, request.body.accessToken, request.body.code),
  }),
  route({
    method: 'POST',
    url: '/internal/auth/password',
    schema: { body: internalChangePasswordBody, response: { 200: passwordChanged } },
    handler: (request, _reply, deps) => changePassword(deps, request.body),
  }),
  route({
    method: 'POST',
    url: '/internal/auth/password-reset',
    schema: { body: resetPasswordBody, response: { 200: passwordReset } },
    handler: (request, _reply, deps) => resetPassword(deps, request.body.code, request.body.newPassword),
  }),
];

/** Starts an enrolment: a new secret, sealed as pending until a code from it confirms it. */
async function startEnrolment(deps: InternalRouteDeps, accessToken: string) {
  const { row } = await callerOf(deps, accessToken);
  const secret = newTotpSecret();
  await inTransaction(deps.pool, async (client) => {
    const factor = await lockSecondFactor(client, row.id);
    if (!factor) throw new AppError('UNAUTHENTICATED', 'The access token is invalid or revoked');
    if (factor.secret_sealed !== null) throw new AppError('MFA_ALREADY_ENROLLED', 'A second factor is already enrolled');
    // A new start replaces a pending secret nobody confirmed: only the latest QR code works.
    await setPendingSecret(client, row.id, deps.secondFactor.box.seal(secret, row.id));
  });
  return { otpauthUri: otpauthUriOf(secret, row.email), secret };
}

/** Confirms the pending secret with a code from it: the factor is enrolled, with new recovery codes and a new session. */
async function confirmEnrolment(deps: InternalRouteDeps, accessToken: string, code: string) {
  const { row } = await callerOf(deps, accessToken);
  const recoveryCodes = newRecoveryCodes();
  const outcome = await inTransaction<CodeCheck>(deps.pool, async (client) => {
    const factor = await lockSecondFactor(client, row.id);
    if (!factor) return { ok: false, error: new AppError('UNAUTHENTICATED', 'The access token is invalid or revoked') };
    if (factor.secret_sealed !== null)
      return { ok: false, error: new AppError('MFA_ALREADY_ENROLLED', 'A second factor is already enrolled') };
    const now = deps.now();
    if (secondFactorLocked(factor.failures, deps.secondFactor.failures, now)) return { ok: false, error: tooManyCodes() };
    const pending = factor.pending_secret_sealed === null ? null : deps.secondFactor.box.open(factor.pending_secret_sealed, row.id);
    if (pending === null) return { ok: false, error: new AppError('MFA_CODE_INVALID', 'No enrolment is pending: start one first') };
    const step = acceptedTotpStep(pending, code, now.getTime(), null);
    if (step === null) {
      await recordSecondFactorFailure(client, row.id, afterFailure(factor.failures, deps.secondFactor.failures, now));
      return { ok: false, error: wrongCode() };
    }
    await confirmSecret(client, row.id, step, now);
    await replaceRecoveryCodes(client, row.id, recoveryCodes.map(groupedCodeHash));
    // Sessions signed in with the password alone end: from now on this account signs in with both.
    await revokeAllOfUser(client, row.id);
    return { ok: true };
  });
  if (!outcome.ok) throw outcome.error;
  return { ...(await issueSession(deps, row, deps.now())), recoveryCodes };
}

/** The second step of a sign-in: the password's challenge answered with a code makes the session. */
async function completeSignIn(deps: InternalRouteDeps, challenge: string, code: string) {
  const challengeHash = sha256Hex(challenge);
  const userId = await findChallenge(deps.pool, challengeHash);
  const expired = () => new AppError('MFA_CODE_INVALID', 'The sign-in challenge is unknown, used or expired: sign in again');
  if (userId === null) throw expired();
  const outcome = await inTransaction<CodeCheck>(deps.pool, async (client) => {
    const factor = await lockSecondFactor(client, userId);
    if (!factor) return { ok: false, error: expired() };
    const check = await checkCode(client, deps, factor, code);
    // Used up with its success (under the account's lock): two answers to one challenge make one session.
    if (check.ok && !(await clearChallenge(client, challengeHash))) return { ok: false, error: expired() };
    return check;
  });
  if (!outcome.ok) throw outcome.error;
  const row = await findUserById(deps.pool, userId);
  if (!row) throw expired();
  const session = await issueSession(deps, row, deps.now());
  // The sign-in is complete here: the notices the owner has not seen come with its tokens, once.
  return { ...session, notices: await takeUndeliveredNotices(deps.pool, row.id, deps.now()) };
}

/** A fresh code for the caller's own session: an access token whose second factor is now. */
async function stepUp(deps: InternalRouteDeps, accessToken: string, code: string) {
  const { row } = await callerOf(deps, accessToken);
  const outcome = await inTransaction<CodeCheck>(deps.pool, async (client) => {
    const factor = await lockSecondFactor(client, row.id);
    if (!factor) return { ok: false, error: new AppError('UNAUTHENTICATED', 'The access token is invalid or revoked') };
    return checkCode(client, deps, factor, code);
  });
  if (!outcome.ok) throw outcome.error;
  return { accessToken: await signSessionToken(deps, row, deps.now()), expiresIn: deps.tokens.ttlSeconds };
}

/** The caller's own password change, the current one given: every other session ends. */
async function changePassword(deps: InternalRouteDeps, body: { accessToken: string; currentPassword: string; newPassword: string }) {
  const { row, mfaAt } = await callerOf(deps, body.accessToken);
  const current = await findPasswordHash(deps.pool, row.id);
  if (!current || !(await verifyPassword(body.currentPassword, current))) {
    throw new AppError('UNAUTHENTICATED', 'The current password is wrong');
  }
  const passwordHash = await hashPassword(body.newPassword, deps.passwordHashCost ?? owaspScryptCost);
  const updated = await inTransaction(deps.pool, async (client) => {
    const locked = await lockUser(client, row.id);
    if (!locked || locked.token_version !== row.token_version)
      throw new AppError('UNAUTHENTICATED', 'The access token is invalid or revoked');
    await setPasswordHash(client, row.id, passwordHash);
    // Every other session ends (whoever knew the old password may hold one); this caller gets a new one.
    return endAllSessions(client, deps, locked);
  });
  await flushRevocations(deps);
  return { session: await issueSession(deps, updated, mfaAt), tokenVersion: updated.token_version };
}

/** A password set with an operator's reset code: every session of the account ends. */
async function resetPassword(deps: InternalRouteDeps, code: string, newPassword: string) {
  // Hashed before the code is looked at: a wrong code costs what a right one does.
  const passwordHash = await hashPassword(newPassword, deps.passwordHashCost ?? owaspScryptCost);
  const updated = await inTransaction(deps.pool, async (client) => {
    const userId = await consumeResetCode(client, groupedCodeHash(code));
    const locked = userId === null ? null : await lockUser(client, userId);
    if (!locked) return null;
    await setPasswordHash(client, locked.id, passwordHash);
    return endAllSessions(client, deps, locked);
  });
  if (!updated) throw new AppError('UNAUTHENTICATED', 'The reset code is wrong, used or expired; ask an operator for a new one');
  await flushRevocations(deps);
  return { userId: updated.id, tokenVersion: updated.token_version };
}
