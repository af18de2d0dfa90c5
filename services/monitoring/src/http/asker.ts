import { roleSinceOfClaim } from '@coin/contracts';
import { inTransaction, type Pool } from '@coin/db';
import { AppError } from '@coin/errors';
import type { CommandAuthority } from '@coin/security';
import { type CaseAction, recordCaseAction } from '../db/audit';
import type { Decider } from '../domain/four-eyes';
import type { StandingReader } from './standing';

/**
 * Who asks for a step (docs/design/monitoring.md "Who asks"), as this service proves it: the
 * gateway names the person and passes on their own access token, and this verifies the token
 * itself (the user service's keys, AUTHORITY_PUBLIC_KEYS: signature, issuer, audience, valid now),
 * holds the person and role the gateway names to it, and reads from it, never from the gateway's
 * word, since when they hold the role (`role_since`) and whether their second factor is fresh
 * (`mfa_at` within STEP_UP_MAX_AGE_S: every step on a case or a rule asks for one, as its
 * gateway route does). A token is believed until it expires, so it also asks the user service
 * where the person stands now (standing.ts): a token of a person signed out everywhere, demoted,
 * promoted or deleted since it was signed (its token version or its role no longer the account's)
 * proves no one. A call that fails is refused and recorded in the admin audit log under the name
 * the gateway gave (`summary.errorCode`, and why): an absent, forged, expired or revoked token 401
 * UNAUTHENTICATED, another person's 403 FORBIDDEN, a stale second factor 403 STEP_UP_REQUIRED,
 * the user service not answering 503 UNAVAILABLE.
 */

/** What the gateway's call says of who asks. */
export interface AskedBy {
  actor: { kind: 'user'; id: string; role: string };
  proof?: string | undefined;
  requestId: string | null;
  /** Whom a refusal is recorded as when the call names no person (a read without its reader: the gateway's own call). */
  recordAs?: { kind: 'service'; id: string };
}

/** Who asks, proven: the decider the second person's rule judges, and the request id the audit record names. */
export type ProvenAsker = Decider & { requestId: string | null };

/** Where a refusal is recorded: the case or rule the step is on, with the action its route records refusals as. */
export interface AskedFor {
  target: string;
  action: CaseAction;
  step: string;
}

const adminRoles: ReadonlySet<string> = new Set(['ADMIN', 'SUPERADMIN']);

const staleSecondFactor =
  'The access token passed on shows no second factor within STEP_UP_MAX_AGE_S: confirm with a fresh TOTP code (POST /api/auth/mfa/step-up)';

export class AskerProofs {
  constructor(
    private readonly authority: CommandAuthority,
    private readonly standing: StandingReader,
    private readonly audit: { pool: Pool; adminAuditTopic: string },
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The asker as their token proves them, or a refusal recorded then thrown. */
  async proven(asked: AskedBy, on: AskedFor): Promise<ProvenAsker> {
    return this.check(asked, on, { freshSecondFactor: true });
  }

  /**
   * Who reads a case, a rule or the proposals, as their token proves them (./readers.ts): the
   * checks of a step but the fresh second factor (a read decides nothing), and an ADMIN+ only, the
   * role their token and the user service both say they hold.
   */
  async provenReader(asked: AskedBy, on: AskedFor): Promise<ProvenAsker> {
    const reader = await this.check(asked, on, { freshSecondFactor: false });
    if (!adminRoles.has(asked.actor.role)) {
      throw await this.refused(asked, on, new AppError('FORBIDDEN', 'Only an ADMIN+ reads monitoring cases, rules and proposals'));
    }
    return reader;
  }

  private async check(asked: AskedBy, on: AskedFor, needs: { freshSecondFactor: boolean }): Promise<ProvenAsker> {
    const now = this.now();
    const checked = await this.authority.person(asked.proof, asked.actor, now);
    if (!checked.ok) {
      throw await this.refused(
        asked,
        on,
        checked.notClaimed
          ? new AppError('FORBIDDEN', `The access token passed on is not the caller's: ${checked.reason}`)
          : new AppError('UNAUTHENTICATED', `The call proves no person: ${checked.reason}`),
      );
    }
    if (needs.freshSecondFactor && !this.authority.secondFactorFresh(checked.person.secondFactorAt, now)) {
      throw await this.refused(asked, on, new AppError('STEP_UP_REQUIRED', staleSecondFactor));
    }
    const revoked = await this.revocationOf(checked.person.authority).catch((err: unknown) =>
      err instanceof AppError ? err : new AppError('UNAVAILABLE', 'The user service could not say who asks'),
    );
    if (revoked) throw await this.refused(asked, on, revoked);
    const roleSince = roleSinceOfClaim(checked.person.roleSinceClaim);
    return { actor: asked.actor, roleSince: roleSince?.toISOString() ?? null, requestId: asked.requestId };
  }

  /** Why the token no longer speaks for its person, from the user service's word now, or null when it does. */
  private async revocationOf(person: { id: string; role: string; tokenVersion: number }): Promise<AppError | null> {
    const standing = await this.standing(person.id);
    if (standing === 'unknown') return new AppError('UNAUTHENTICATED', 'The access token passed on names no live account');
    if (standing.tokenVersion !== person.tokenVersion || standing.role !== person.role) {
      return new AppError(
        'UNAUTHENTICATED',
        'The access token passed on has been revoked (signed out everywhere, or the role changed since)',
      );
    }
    return null;
  }

  /** The refusal's admin audit record, in a transaction of its own (nothing else is written): the error to throw. */
  private async refused(asked: AskedBy, on: AskedFor, error: AppError): Promise<AppError> {
    await inTransaction(this.audit.pool, (client) =>
      recordCaseAction(client, this.audit.adminAuditTopic, {
        action: on.action,
        target: on.target,
        actor: asked.recordAs ?? (asked.actor as never),
        summary: { step: on.step, errorCode: error.code, reason: error.message.slice(0, 500) },
        requestId: asked.requestId,
      }),
    );
    return error;
  }
}
