import { createPublicKey, type KeyObject } from 'node:crypto';
import { errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import { credentialModeOf } from './credential-mode';

/**
 * Proof of authority in a command (docs/DESIGN.md "Who asks: proof of authority in every
 * command"). The service that applies a command does not take the sender's word for who asked:
 * the command carries the caller's own access token, signed by the user service, and this checks
 *
 * - the signature (EdDSA only, a key this service was configured to trust, never fetched from
 *   the sender), the issuer and the audience;
 * - everything about time against the moment the broker appended the command to its topic
 *   (the topic's `LogAppendTime`), which no producer chooses: the token valid then, the second
 *   factor of a step-up command fresh then, the command not older than the longest outage a
 *   replay may follow; and the command's own `issuedAt` no further from it than the clock
 *   tolerance, since a gateway writes a command at once (a backdated or postdated one is forged);
 * - that the command's actor is the token's subject with the token's role.
 *
 * Revocation (the token version) is judged by the caller, against what it knows as of the same
 * moment (the ledger's revocation floors, the user service's history of token versions), from
 * the `tokenVersion` this returns.
 *
 * A process holding only a service's Kafka credentials has no user's token, so it cannot name
 * anyone as the actor of a command that moves money or changes rights.
 */

/** A public key this service trusts for access tokens: the user service's current and retired ones. */
export interface TrustedKey {
  kid: string;
  publicKeyPem: string;
}

export interface CommandAuthorityOptions {
  keys: readonly TrustedKey[];
  issuer: string;
  audience: string;
  /** The oldest command accepted, by its append time: a replay after an outage longer than this is refused. */
  maxCommandAgeMs: number;
  /**
   * Clock skew allowed between the user service that signed a token, the gateway that wrote a
   * command, the broker that appended it and this service; also how far a command's issuedAt may
   * be from its append time.
   */
  clockToleranceS?: number;
  /**
   * Step-up commands (`check(..., { stepUp: true })`): how long before the command was appended
   * its author's second factor may have been given (the proof's `mfa_at`). Unset: no command
   * passes a step-up check.
   */
  stepUpMaxAgeMs?: number;
}

/** What a verified token says: who asked, and for a platform client what it was granted. */
export interface ProvenAuthority {
  kind: 'user' | 'system';
  id: string;
  role: string;
  /** SYSTEM tokens: the treasuries the client may reward from and settle holds for. */
  treasuries?: string[];
  /** SYSTEM tokens: the most the client may reward in a rolling day, minor units (null: no cap). */
  dailyRewardCap?: number | null;
  /** SYSTEM tokens: granted `cashout` (the claim `cashout: true`), a payout provider; absent: not one. */
  cashout?: boolean;
  /** The token's version (`ver`): a revocation raises the account's, so older tokens stop proving. Absent: 0. */
  tokenVersion: number;
  /**
   * The credential's mode (docs/decisions/0018-sandbox.md): `test` when the client id starts with
   * `test_` or the token claims `mode: "test"` (credentialModeOf's rule); people are live.
   */
  mode: 'live' | 'test';
}

export type AuthorityCheck = { ok: true; authority: ProvenAuthority } | { ok: false; reason: string };

/** What a person's verified token says of them (CommandAuthority.person). */
export interface ProvenPerson {
  authority: ProvenAuthority;
  /** The `role_since` claim as signed (when they took the role they hold): @coin/contracts `roleSinceOfClaim` reads it. */
  roleSinceClaim: unknown;
  /** When they last gave their second factor (`mfa_at`); null: password only. */
  secondFactorAt: Date | null;
}

/** `notClaimed`: a token this service trusts, of another person or role than the call names. */
export type PersonCheck = { ok: true; person: ProvenPerson } | { ok: false; reason: string; notClaimed?: true };

/** The fields of a command envelope this reads. */
export interface CommandWithProof {
  issuedAt: string;
  actor: { kind: string; id: string; role?: string | undefined };
  proof?: string | undefined;
}

/** The JWS `typ` of the user service's revocation records (revocation-record.ts): never a proof. */
export const revocationRecordType = 'coin-revocation+jwt';

/** Verified tokens kept, so a client's next command skips the signature check (the time and actor checks still run). */
const verifiedMax = 20_000;

export class CommandAuthority {
  private readonly keys: Map<string, KeyObject>;
  private readonly verified = new Map<string, JWTPayload>();
  private readonly toleranceS: number;

  constructor(private readonly options: CommandAuthorityOptions) {
    if (options.keys.length === 0) throw new Error('CommandAuthority: no trusted key configured');
    // Node derives a public key from a private PEM too: one pasted here would work, and sit in
    // configuration that is not meant to hold a secret.
    const privateOne = options.keys.find((k) => /PRIVATE KEY/.test(k.publicKeyPem));
    if (privateOne) throw new Error(`CommandAuthority: key ${privateOne.kid} is a private key; give its public half only`);
    this.keys = new Map(options.keys.map((k) => [k.kid, createPublicKey(k.publicKeyPem)]));
    for (const [kid, key] of this.keys) {
      if (key.asymmetricKeyType !== 'ed25519') throw new Error(`CommandAuthority: key ${kid} is not an Ed25519 public key`);
    }
    this.toleranceS = options.clockToleranceS ?? 60;
  }

  /**
   * Whether the command's proof names its actor as of `appendedAt`, the time the broker appended
   * the command (its record's LogAppendTime); never throws for a bad proof. With `stepUp`, the
   * proof must also say its author gave a second factor at most `stepUpMaxAgeMs` before then.
   * `now` (this service's clock) only bounds how old an appended command may be.
   */
  async check(command: CommandWithProof, appendedAt: Date, options: { stepUp?: boolean; now?: Date } = {}): Promise<AuthorityCheck> {
    if (!command.proof) return refused('it carries no proof of authority (an access token of the person or platform client who asked)');
    const appendedMs = appendedAt.getTime();
    const toleranceMs = this.toleranceS * 1000;
    if (!Number.isFinite(appendedMs)) return refused('its record carries no append time');
    const issuedMs = new Date(command.issuedAt).getTime();
    if (!Number.isFinite(issuedMs)) return refused('its issuedAt is not a time');
    if (Math.abs(issuedMs - appendedMs) > toleranceMs) {
      return refused(
        `its issuedAt ${command.issuedAt} is not when it was appended (${appendedAt.toISOString()}): a sender writes a command at once, so a backdated or postdated one is forged`,
      );
    }
    const nowMs = (options.now ?? new Date()).getTime();
    if (appendedMs > nowMs + toleranceMs) return refused('it was appended in the future');
    if (nowMs - appendedMs > this.options.maxCommandAgeMs)
      return refused('it was appended longer ago than the oldest command a replay may bring');
    const payload = await this.verifyAt(command.proof, appendedAt);
    if (!payload) return refused('its proof is not an access token this service trusts, valid when the command was appended');
    const authority = authorityOf(payload);
    if (!authority) return refused('its proof carries no usable subject and role');
    if (authority.kind !== command.actor.kind || authority.id !== command.actor.id) {
      return refused(`its actor ${command.actor.kind}:${command.actor.id} is not the proof's subject`);
    }
    if (authority.kind === 'user' && command.actor.role !== authority.role) {
      return refused(`its actor's role ${command.actor.role ?? '(none)'} is not the proof's role`);
    }
    if (options.stepUp && !this.steppedUp(payload, appendedMs)) {
      return refused('it needs a fresh second factor (step-up) and its proof carries none recent enough when the command was appended');
    }
    return { ok: true, authority };
  }

  /**
   * A person's access token sent with a call rather than a command (the monitoring service's steps:
   * the gateway passes the caller's own token on): whether it is one this service trusts, valid at
   * `at` (this service's clock), naming `claimed` (the person and the role the call says asks), and
   * what it says of them besides: since when they hold the role (`role_since`) and when they last
   * gave their second factor (`mfa_at`), each null when it carries none. `unproven` when it is
   * missing, forged, expired, not a person's, or another person's than claimed; never throws for a
   * bad token. Revocation is the caller's to judge from `tokenVersion`.
   */
  async person(token: string | undefined, claimed: { id: string; role: string }, at: Date): Promise<PersonCheck> {
    if (token === undefined || token === '') return { ok: false, reason: 'it carries no access token of the person who asks' };
    const payload = await this.verifyAt(token, at);
    if (!payload) return { ok: false, reason: 'its access token is not one this service trusts, valid now' };
    const authority = authorityOf(payload);
    if (authority?.kind !== 'user') return { ok: false, reason: "its access token is not a person's" };
    if (authority.id !== claimed.id || authority.role !== claimed.role) {
      return {
        ok: false,
        notClaimed: true,
        reason: `its access token names user ${authority.id} (${authority.role}), not the ${claimed.role} ${claimed.id} it says asks`,
      };
    }
    return {
      ok: true,
      person: { authority, roleSinceClaim: payload['role_since'], secondFactorAt: secondFactorAtOf(payload['mfa_at']) },
    };
  }

  /**
   * Whether a second factor given at `at` is fresh at `now`: within `stepUpMaxAgeMs`, with the clock
   * tolerance either side (the user service's clock wrote `mfa_at`), as a step-up command's is judged.
   * False when no step-up window is configured or no second factor was given.
   */
  secondFactorFresh(at: Date | null, now: Date): boolean {
    return at !== null && this.steppedUp({ mfa_at: at.getTime() / 1000 }, now.getTime());
  }

  /** The token's claims if its signature, issuer and audience hold and it was valid at `at`. */
  private async verifyAt(token: string, at: Date): Promise<JWTPayload | null> {
    let payload = this.verified.get(token);
    if (!payload) {
      try {
        let protectedHeader: { typ?: string | undefined };
        ({ payload, protectedHeader } = await jwtVerify(token, (header) => this.keyOf(header.kid), {
          issuer: this.options.issuer,
          audience: this.options.audience,
          algorithms: ['EdDSA'],
          // Signature, issuer and audience only here; the times are judged against the command below.
          currentDate: new Date(0),
          clockTolerance: Number.MAX_SAFE_INTEGER,
        }));
        // A revocation record has another audience already; its type is refused too, so no
        // change of either can make one pass as a proof.
        if (protectedHeader.typ === revocationRecordType) return null;
      } catch (err) {
        if (err instanceof joseErrors.JOSEError) return null;
        throw err;
      }
      if (this.verified.size >= verifiedMax) this.verified.delete(this.verified.keys().next().value!);
      this.verified.set(token, payload);
    }
    const atS = at.getTime() / 1000;
    if (typeof payload.iat !== 'number' || typeof payload.exp !== 'number') return null;
    if (payload.iat > atS + this.toleranceS || payload.exp < atS - this.toleranceS) return null;
    return payload;
  }

  private steppedUp(payload: JWTPayload, atMs: number): boolean {
    const mfaAt = payload.mfa_at;
    const maxAgeMs = this.options.stepUpMaxAgeMs;
    if (maxAgeMs === undefined || typeof mfaAt !== 'number' || !Number.isFinite(mfaAt)) return false;
    const ageMs = atMs - mfaAt * 1000;
    return ageMs <= maxAgeMs + this.toleranceS * 1000 && ageMs >= -this.toleranceS * 1000;
  }

  private keyOf(kid: string | undefined): KeyObject {
    const key = kid === undefined ? undefined : this.keys.get(kid);
    if (!key) throw new joseErrors.JWKSNoMatchingKey();
    return key;
  }
}

function refused(reason: string): AuthorityCheck {
  return { ok: false, reason: `Command refused: ${reason}` };
}

const userIdText = /^[1-9][0-9]{0,15}$/;
const roleNames = new Set(['USER', 'DEVELOPER', 'ADMIN', 'SUPERADMIN']);

function authorityOf(payload: JWTPayload): ProvenAuthority | null {
  const { sub, role, ver } = payload;
  if (typeof sub !== 'string' || typeof role !== 'string') return null;
  // Tokens always carry it; one without is the oldest version there is.
  const tokenVersion = typeof ver === 'number' && Number.isSafeInteger(ver) && ver >= 0 ? ver : 0;
  if (role === 'SYSTEM') {
    const treasuries = payload['treasuries'];
    const cap = payload['rewardCap'];
    return {
      kind: 'system',
      id: sub,
      role,
      tokenVersion,
      mode: credentialModeOf('system', sub, payload['mode']),
      // Absent on tokens issued before grants existed: the user service signed them all the same.
      ...(Array.isArray(treasuries) ? { treasuries: treasuries.filter((t): t is string => typeof t === 'string') } : {}),
      dailyRewardCap: typeof cap === 'number' && Number.isSafeInteger(cap) && cap >= 0 ? cap : null,
      // Only the literal `true` grants it: a token without the claim is no payout provider.
      ...(payload['cashout'] === true ? { cashout: true } : {}),
    };
  }
  if (!roleNames.has(role) || !userIdText.test(sub)) return null;
  return { kind: 'user', id: sub, role, tokenVersion, mode: 'live' };
}

/** The `mfa_at` claim (seconds since the epoch) as a time; null when the token carries none. */
function secondFactorAtOf(claim: unknown): Date | null {
  return typeof claim === 'number' && Number.isFinite(claim) && claim > 0 ? new Date(claim * 1000) : null;
}
