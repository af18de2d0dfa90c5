import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { TrustedKey } from './command-authority';

/**
 * A service's own proof of a command it sends (docs/DESIGN.md "Who asks: proof of authority in
 * every command"). A person's or a platform client's command carries their access token; a
 * service that acts on its own (the monitoring service freezing a wallet) has no such token, so
 * it signs each command with its own Ed25519 key. The proof is a JWS naming the service (issuer
 * and subject), this audience and type (so neither an access token, a service token of the
 * internal APIs nor an audit record passes for one), and the one command it proves: its id and
 * type. It lives minutes: a service writes its command at once.
 *
 * What a service may ask is not decided here: the applying service lists the command types it
 * accepts from each (the ledger: the monitoring service's freeze alone).
 */

/** The audience of a service's command proof: never an access token's nor a service token's. */
export const serviceCommandAudience = 'coin-service-command';
/** The JWS `typ` of a service's command proof. */
export const serviceCommandProofType = 'coin-service-command+jwt';
/** How long a proof is valid after it is signed: the command is written at once. */
export const serviceCommandProofTtlS = 300;

/** The fields of a command a proof names and a check reads. */
export interface ServiceCommandEnvelope {
  commandId: string;
  type: string;
  issuedAt: string;
  actor: { kind: string; id: string };
  proof?: string | undefined;
}

/** Signs the proofs of the commands one service sends. */
export class ServiceCommandSigner {
  private readonly key: KeyObject;

  /**
   * `service`: the signer's name, the actor id of its commands; `kid`: the key's id, so a key can
   * be rotated (the applying service trusts the old and the new one for a while).
   */
  constructor(
    readonly service: string,
    private readonly kid: string,
    privateKeyPem: string,
  ) {
    this.key = createPrivateKey(privateKeyPem);
    if (this.key.asymmetricKeyType !== 'ed25519') throw new Error('ServiceCommandSigner: the key is not an Ed25519 private key');
  }

  /** The proof of this command: signed now (its issuedAt), naming its id and type. */
  async proofOf(command: Pick<ServiceCommandEnvelope, 'commandId' | 'type' | 'issuedAt'>): Promise<string> {
    const iat = Math.floor(new Date(command.issuedAt).getTime() / 1000);
    if (!Number.isFinite(iat)) throw new Error('ServiceCommandSigner: the command has no issuedAt');
    return new SignJWT({ cmd: command.commandId, cmdType: command.type })
      .setProtectedHeader({ alg: 'EdDSA', kid: this.kid, typ: serviceCommandProofType })
      .setIssuer(this.service)
      .setSubject(this.service)
      .setAudience(serviceCommandAudience)
      .setIssuedAt(iat)
      .setExpirationTime(iat + serviceCommandProofTtlS)
      .sign(this.key);
  }
}

export type ServiceCommandCheck = { ok: true; service: string } | { ok: false; reason: string };

export interface ServiceCommandVerifierOptions {
  /** Each service this one accepts commands from, with its public keys (current and, while rotating, the old one). */
  keys: Readonly<Record<string, readonly TrustedKey[]>>;
  /** The oldest command accepted, by its append time. */
  maxCommandAgeMs: number;
  clockToleranceS?: number;
}

/**
 * Verifies a service's command proof against the command and the moment the broker appended it
 * (the topic's LogAppendTime, which no sender chooses), as CommandAuthority verifies a person's.
 * Never throws for a bad proof.
 */
export class ServiceCommandVerifier {
  private readonly keys: Map<string, Map<string, KeyObject>>;
  private readonly toleranceS: number;

  constructor(private readonly options: ServiceCommandVerifierOptions) {
    this.keys = new Map();
    for (const [service, trusted] of Object.entries(options.keys)) {
      const byKid = new Map<string, KeyObject>();
      for (const { kid, publicKeyPem } of trusted) {
        if (/PRIVATE KEY/.test(publicKeyPem)) throw new Error(`ServiceCommandVerifier: key ${kid} of ${service} is a private key`);
        const key = createPublicKey(publicKeyPem);
        if (key.asymmetricKeyType !== 'ed25519') throw new Error(`ServiceCommandVerifier: key ${kid} of ${service} is not Ed25519`);
        byKid.set(kid, key);
      }
      this.keys.set(service, byKid);
    }
    this.toleranceS = options.clockToleranceS ?? 60;
  }

  async check(command: ServiceCommandEnvelope, appendedAt: Date, now: Date = new Date()): Promise<ServiceCommandCheck> {
    if (command.actor.kind !== 'service') return refused(`its actor ${command.actor.kind}:${command.actor.id} is not a service`);
    const keys = this.keys.get(command.actor.id);
    if (!keys) return refused(`no key of the service ${command.actor.id} is trusted: it sends no commands here`);
    if (!command.proof) return refused('it carries no proof of the service that sent it');
    const appendedMs = appendedAt.getTime();
    const toleranceMs = this.toleranceS * 1000;
    if (!Number.isFinite(appendedMs)) return refused('its record carries no append time');
    const issuedMs = new Date(command.issuedAt).getTime();
    if (!Number.isFinite(issuedMs) || Math.abs(issuedMs - appendedMs) > toleranceMs) {
      return refused(`its issuedAt ${command.issuedAt} is not when it was appended (${appendedAt.toISOString()})`);
    }
    const nowMs = now.getTime();
    if (appendedMs > nowMs + toleranceMs) return refused('it was appended in the future');
    if (nowMs - appendedMs > this.options.maxCommandAgeMs)
      return refused('it was appended longer ago than the oldest command a replay may bring');
    const service = command.actor.id;
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(
        command.proof,
        (header) => {
          const key = header.kid === undefined ? undefined : keys.get(header.kid);
          if (!key) throw new joseErrors.JWKSNoMatchingKey();
          return key;
        },
        {
          issuer: service,
          subject: service,
          audience: serviceCommandAudience,
          typ: serviceCommandProofType,
          algorithms: ['EdDSA'],
          currentDate: appendedAt,
          clockTolerance: this.toleranceS,
          maxTokenAge: serviceCommandProofTtlS + this.toleranceS,
        },
      ));
    } catch (err) {
      if (err instanceof joseErrors.JOSEError) return refused(`its proof is not one of ${service}'s, valid when the command was appended`);
      throw err;
    }
    if (payload['cmd'] !== command.commandId || payload['cmdType'] !== command.type) {
      return refused('its proof names another command: a service proves each command it sends');
    }
    return { ok: true, service };
  }
}

function refused(reason: string): ServiceCommandCheck {
  return { ok: false, reason: `Command refused: ${reason}` };
}
