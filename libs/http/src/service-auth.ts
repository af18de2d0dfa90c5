import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { AppError } from '@coin/errors';
import type { FastifyInstance } from 'fastify';
import { decodeJwt, decodeProtectedHeader, jwtVerify, SignJWT } from 'jose';

// biome-ignore lint/suspicious/noExplicitAny: any Fastify instance, whatever its server, logger and type provider
type AnyApp = FastifyInstance<any, any, any, any, any>;

/**
 * How long a service token lives: a token copied off the wire (a log, a proxy) is worth a
 * minute at most, while a caller still signs only about once a minute per callee.
 */
export const serviceTokenTtlS = 60;
/** A cached token is replaced when less than this is left, so none expires on the way (a slow call, clock skew). */
const serviceTokenRenewBeforeS = 15;
/** Clock skew tolerated between caller and callee. */
const clockToleranceS = 5;
/** Verified tokens a callee remembers (a handful of callers, each reusing one token a minute): a limit, not a tuning knob. */
const verifiedTokensMax = 1000;
/** A service name as token issuer and audience: `gateway`, `user`, `ledger`, `history`, `webhooks`. */
export const serviceNamePattern = /^[a-z][a-z0-9-]{0,39}$/;

/** The names of this system's services, as issuers and audiences of service tokens. */
export type ServiceName = 'gateway' | 'user' | 'ledger' | 'history' | 'webhooks' | 'monitoring';

/**
 * Signs the short EdDSA tokens a service sends to the internal APIs of others
 * (`authorization: Bearer …`, iss = this service, aud = the callee). One token per callee is
 * cached until shortly before it expires: a signature per minute per callee, not per request.
 */
export class ServiceTokenSigner {
  private readonly key: KeyObject;
  private readonly cached = new Map<string, { token: string; expiresAtS: number }>();

  constructor(
    readonly issuer: ServiceName,
    privateKeyPem: string,
    private readonly nowMs: () => number = Date.now,
  ) {
    this.key = createPrivateKey(privateKeyPem);
    if (this.key.asymmetricKeyType !== 'ed25519') throw new Error('SERVICE_TOKEN_PRIVATE_KEY: not an Ed25519 private key');
  }

  async tokenFor(audience: ServiceName): Promise<string> {
    const nowS = Math.floor(this.nowMs() / 1000);
    const cached = this.cached.get(audience);
    if (cached && cached.expiresAtS - nowS > serviceTokenRenewBeforeS) return cached.token;
    const expiresAtS = nowS + serviceTokenTtlS;
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'EdDSA', typ: 'JWT' })
      .setIssuer(this.issuer)
      .setAudience(audience)
      .setIssuedAt(nowS)
      .setExpirationTime(expiresAtS)
      .sign(this.key);
    this.cached.set(audience, { token, expiresAtS });
    return token;
  }

  /** The `authorization` header value for calls to `audience`. */
  authorizationFor(audience: ServiceName): () => Promise<string> {
    return async () => `Bearer ${await this.tokenFor(audience)}`;
  }
}

const unauthenticated = (detail: string) => new AppError('UNAUTHENTICATED', detail);

/**
 * Checks a service token: EdDSA only, signed by the key configured for its issuer, for this
 * audience, unexpired, and living no longer than a service token may. Answers the caller's name
 * or throws UNAUTHENTICATED. A verified token is remembered until it expires, so a caller's
 * next requests skip the signature check.
 */
export class ServiceTokenVerifier {
  private readonly keys: Map<string, KeyObject[]>;
  private readonly verified = new Map<string, { caller: string; expiresAtS: number }>();

  constructor(
    private readonly audience: ServiceName,
    publicKeys: ServicePublicKeys,
    private readonly nowMs: () => number = Date.now,
  ) {
    this.keys = new Map(
      Object.entries(publicKeys).map(([caller, pems]) => [
        caller,
        (Array.isArray(pems) ? pems : [pems]).map((pem) => ed25519PublicKey(caller, pem)),
      ]),
    );
  }

  async verify(authorization: string | undefined): Promise<string> {
    const match = /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)$/.exec(authorization ?? '');
    if (!match?.[1]) throw unauthenticated('This internal API needs a service token (Authorization: Bearer …)');
    const token = match[1];
    const nowS = Math.floor(this.nowMs() / 1000);
    const known = this.verified.get(token);
    if (known && known.expiresAtS > nowS) return known.caller;
    let issuer: string | undefined;
    try {
      if (decodeProtectedHeader(token).alg !== 'EdDSA') throw new Error('alg');
      issuer = decodeJwt(token).iss;
    } catch {
      throw unauthenticated('The service token is malformed or not EdDSA');
    }
    const keys = issuer === undefined ? undefined : this.keys.get(issuer);
    if (!issuer || !keys) throw unauthenticated('The service token names a caller this service does not know');
    const expiresAtS = await this.verifyWithAny(token, issuer, keys, nowS);
    if (this.verified.size >= verifiedTokensMax) this.verified.clear();
    this.verified.set(token, { caller: issuer, expiresAtS });
    return issuer;
  }

  /** The token's expiry once one of the caller's keys (two while it rotates) verifies it. */
  private async verifyWithAny(token: string, issuer: string, keys: KeyObject[], nowS: number): Promise<number> {
    for (const key of keys) {
      try {
        return await this.verifyWith(token, issuer, key, nowS);
      } catch {
        // The next key of the caller, if any.
      }
    }
    throw unauthenticated('The service token is invalid, expired, or for another service');
  }

  private async verifyWith(token: string, issuer: string, key: KeyObject, nowS: number): Promise<number> {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ['EdDSA'],
      issuer,
      audience: this.audience,
      requiredClaims: ['iss', 'aud', 'iat', 'exp'],
      clockTolerance: clockToleranceS,
      maxTokenAge: serviceTokenTtlS + clockToleranceS,
      currentDate: new Date(nowS * 1000),
    });
    const expiresAtS = Number(payload.exp);
    // A token minted to live longer than a service token may is refused, whoever signed it.
    if (expiresAtS - Number(payload.iat) > serviceTokenTtlS) throw new Error('lifetime');
    return expiresAtS;
  }
}

function ed25519PublicKey(caller: string, pem: string): KeyObject {
  // createPublicKey derives a public key from a private one: refuse that, it is a leak, not a configuration.
  if (pem.includes('PRIVATE KEY')) throw new Error(`SERVICE_TOKEN_PUBLIC_KEYS: the key of ${caller} is a private key`);
  const key = createPublicKey(pem);
  if (key.asymmetricKeyType !== 'ed25519') throw new Error(`SERVICE_TOKEN_PUBLIC_KEYS: the key of ${caller} is not Ed25519`);
  return key;
}

/** Caller name → its Ed25519 public key (SPKI PEM), or two while the caller's key rotates. */
export type ServicePublicKeys = Readonly<Record<string, string | readonly string[]>>;

/** Route (`GET /internal/users/:id`, as registered) → the callers it admits. */
export type InternalRouteCallers = Readonly<Record<string, readonly ServiceName[]>>;

export interface ServiceAuthOptions {
  /** This service's name: the audience its tokens must carry. */
  audience: ServiceName;
  /** The callers this service accepts at all, each with its public key(s). */
  publicKeys: ServicePublicKeys;
  /** Which caller may call which route. A route missing here cannot be registered. */
  routes: InternalRouteCallers;
  /** Route URLs served without a token (public material, such as the JWKS). */
  open?: readonly string[];
}

const routeKey = (method: string, url: string) => `${method === 'HEAD' ? 'GET' : method} ${url}`;

/**
 * Default-deny for an internal API: every route needs a service token and an entry in the
 * route table naming its callers. Registering a route the table does not name throws (the
 * service does not start); a table entry naming no route throws when the app is ready (a typo
 * would otherwise leave the real route unreachable and the mistake silent). Without or with a
 * bad token: 401; a caller the route does not admit: 403; both with WWW-Authenticate (RFC 6750),
 * which tells a caller this check refused it, not the route. An unknown path answers 404 only to
 * an authenticated caller.
 */
export function installServiceAuth(app: AnyApp, options: ServiceAuthOptions): void {
  const verifier = new ServiceTokenVerifier(options.audience, options.publicKeys);
  const open = new Set(options.open ?? []);
  const registered = new Set<string>();
  app.addHook('onRoute', (route) => {
    if (open.has(route.url)) return;
    for (const method of Array.isArray(route.method) ? route.method : [route.method]) {
      const key = routeKey(String(method), route.url);
      // own-key: route keys of the routes this app registers at start, not a caller's
      if (!options.routes[key]) throw new Error(`${key}: an internal route needs an entry in the service route table (who may call it)`);
      registered.add(key);
    }
  });
  app.addHook('onReady', async () => {
    const unserved = Object.keys(options.routes).filter((key) => !registered.has(key));
    if (unserved.length > 0) throw new Error(`The service route table names routes not served: ${unserved.join(', ')}`);
  });
  app.addHook('onRequest', async (request, reply) => {
    const url = request.routeOptions.url;
    if (url !== undefined && open.has(url)) return;
    let caller: string;
    try {
      caller = await verifier.verify(request.headers.authorization);
    } catch (err) {
      // Behind the NetworkPolicies only a misconfigured caller or an intruder gets here: say which call.
      request.log.warn(
        { route: url === undefined ? 'unmatched' : routeKey(request.method, url), reason: (err as Error).message },
        'internal call refused: no valid service token',
      );
      reply.header('www-authenticate', 'Bearer');
      throw err;
    }
    // An unmatched path: the 404 handler answers, now that the caller is known.
    if (url === undefined) return;
    // own-key: the url is the matched route's pattern (routeOptions.url), registered at start, not the caller's path
    const admitted = options.routes[routeKey(request.method, url)] ?? [];
    if (!(admitted as readonly string[]).includes(caller)) {
      reply.header('www-authenticate', 'Bearer error="insufficient_scope"');
      request.log.warn({ caller, route: routeKey(request.method, url) }, 'internal call refused: the route does not admit this caller');
      throw new AppError('FORBIDDEN', `${caller} may not call ${routeKey(request.method, url)}`);
    }
  });
}
