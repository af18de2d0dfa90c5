import { createHmac, createPrivateKey, createPublicKey, type KeyObject, sign, verify } from 'node:crypto';

/**
 * Audit records bound to their writer (docs/DESIGN.md "Admin audit log"). Every service that
 * writes admin.audit (or the gateway's admin.refusals) signs each record's message value with its
 * own service key (the Ed25519 key of its service tokens, SERVICE_TOKEN_PRIVATE_KEY) and names
 * itself; the history service verifies the signature with the public key of the service named
 * before the record enters the chain, and the DLQ redrive does the same before it sends a record
 * back.
 *
 * The signed bytes are a fixed context line, then the value exactly as it travels. The context
 * line holds a newline, which a JWS signing input (base64url text and dots) never does, so a
 * record's signature can never pass for a service token's, nor a token's for a record's.
 */
export const auditSignatureHeaders = { signer: 'audit-signer', signature: 'audit-signature' } as const;

const signedContext = Buffer.from('coin-ledger audit record v1\n', 'utf8');
const idContext = 'coin-ledger audit record ids v1';

/** The services that sign audit records, by the name in `audit-signer`. */
export const auditSigners = ['gateway', 'user', 'ledger', 'webhooks', 'monitoring'] as const;
export type AuditSignerName = (typeof auditSigners)[number];

function signedBytes(value: Buffer | string): Buffer {
  return Buffer.concat([signedContext, typeof value === 'string' ? Buffer.from(value, 'utf8') : value]);
}

/** A hex digit with its top two bits set to the RFC 9562 variant, 10. */
function variantDigitOf(digit: string): string {
  return ((Number.parseInt(digit, 16) & 0x3) | 0x8).toString(16);
}

/**
 * One writer's signing of its audit records, and the ids it gives them. Ids are derived from
 * names (a command id and an action, a refused message's place in its topic), so a redelivery
 * gives the same id; but keyed with a secret derived from the writer's private key (HMAC-SHA256,
 * spelled as an RFC 9562 version 8 UUID), so nobody else can compute the id of a record this
 * writer has still to write and take it first.
 */
export class AuditRecordSigner {
  private readonly key: KeyObject;
  private readonly idKey: Buffer;

  constructor(
    readonly signer: AuditSignerName,
    privateKeyPem: string,
  ) {
    this.key = createPrivateKey(privateKeyPem);
    if (this.key.asymmetricKeyType !== 'ed25519') throw new Error('an audit record signer needs an Ed25519 private key');
    this.idKey = createHmac('sha256', this.key.export({ type: 'pkcs8', format: 'der' }))
      .update(idContext)
      .digest();
  }

  /** The headers that bind a message value to this writer. */
  headersFor(value: Buffer | string): Record<string, string> {
    return {
      [auditSignatureHeaders.signer]: this.signer,
      [auditSignatureHeaders.signature]: sign(null, signedBytes(value), this.key).toString('base64url'),
    };
  }

  /** The id of the record named `name`: the same for every call, unpredictable without this writer's key. */
  recordId(name: string): string {
    const hex = createHmac('sha256', this.idKey).update(name, 'utf8').digest('hex');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variantDigitOf(hex[16]!)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  }
}

export type AuditSignatureCheck = { ok: true; signer: AuditSignerName } | { ok: false; reason: string };

/**
 * The public keys of the writers of the audit log, by service name (`AUDIT_SIGNER_PUBLIC_KEYS`,
 * `{"ledger": "<PEM>"}` or `[old, new]` while a key rotates), as the history service and the redrive
 * check records with them.
 */
export class AuditSignatureVerifier {
  private readonly keys: ReadonlyMap<string, KeyObject[]>;

  constructor(publicKeys: Readonly<Record<string, string | readonly string[]>>) {
    this.keys = new Map(
      Object.entries(publicKeys).map(([name, pems]) => [
        name,
        (typeof pems === 'string' ? [pems] : [...pems]).map((pem) => createPublicKey(pem)),
      ]),
    );
  }

  /** Whether the value carries a valid signature of the writer its headers name (a writer this verifier knows). */
  check(value: Buffer | string | null, headers: Readonly<Record<string, string | undefined>>): AuditSignatureCheck {
    const signer = headers[auditSignatureHeaders.signer];
    const signature = headers[auditSignatureHeaders.signature];
    if (!signer || !signature) return { ok: false, reason: 'audit signature: the record is not signed by its writer' };
    const keys = (auditSigners as readonly string[]).includes(signer) ? this.keys.get(signer) : undefined;
    if (!keys) return { ok: false, reason: `audit signature: ${JSON.stringify(signer.slice(0, 40))} is not a known writer of the log` };
    if (value === null) return { ok: false, reason: 'audit signature: empty value' };
    const bytes = signedBytes(value);
    const raw = Buffer.from(signature, 'base64url');
    if (!keys.some((key) => verify(null, bytes, key, raw)))
      return { ok: false, reason: `audit signature: does not verify with the key of ${signer}` };
    return { ok: true, signer: signer as AuditSignerName };
  }
}
