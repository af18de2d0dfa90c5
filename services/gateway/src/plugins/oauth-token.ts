/**
 * The RFC 6749 §4.4 client-credentials form of `POST /api/auth/token`: its body parser, its client
 * authentication (HTTP Basic, RFC 6749 §2.3.1) and its error answers (RFC 6749 §5.2). The JSON
 * form of the same route keeps its problem+json answers; only a request sent as
 * `application/x-www-form-urlencoded` is answered the OAuth way. Nothing here puts a secret in an
 * error description or a log line.
 */
import { AppError } from '@coin/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export const formMediaType = 'application/x-www-form-urlencoded';
/** The one route that takes a form body; every other route answers a form as it always did. */
export const oauthTokenPath = '/api/auth/token';
/** A client-credentials request is a few hundred bytes; anything much larger is not one. */
export const formBodyBytesMax = 4096;

/** The parameters the token endpoint reads; any other is ignored, as RFC 6749 §3.2 requires. */
const knownParameters = new Set(['grant_type', 'client_id', 'client_secret', 'scope']);

export type OAuthErrorCode = 'invalid_request' | 'invalid_client' | 'unsupported_grant_type';

/** An RFC 6749 §5.2 error; its description never repeats what the caller sent. */
export class OAuthError extends Error {
  constructor(
    readonly error: OAuthErrorCode,
    readonly description: string,
  ) {
    super(description);
  }
}

const invalidRequest = (description: string) => new OAuthError('invalid_request', description);

/** Decodes one form-urlencoded component strictly: malformed escapes and non-UTF-8 bytes are refused. */
function decodeComponent(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    throw invalidRequest('The body is not valid application/x-www-form-urlencoded UTF-8');
  }
}

/**
 * Parses a form body. Strict where URLSearchParams is lenient: only printable ASCII on the wire,
 * escapes must decode to UTF-8, and a parameter may not repeat (RFC 6749 §3.1). A parameter
 * without a value counts as omitted (RFC 6749 §3.1). Only known parameters are kept, in an object
 * with no prototype-bearing keys.
 */
export function parseTokenForm(text: string): Record<string, string> {
  if (!/^[\x21-\x7e]*$/.test(text)) throw invalidRequest('The body must be printable ASCII (percent-encode the rest)');
  const seen = new Set<string>();
  const parameters: Record<string, string> = {};
  for (const pair of text.split('&')) {
    if (pair === '') continue;
    const equals = pair.indexOf('=');
    const name = decodeComponent(equals < 0 ? pair : pair.slice(0, equals));
    const value = equals < 0 ? '' : decodeComponent(pair.slice(equals + 1));
    if (seen.has(name)) throw invalidRequest('A parameter is repeated');
    seen.add(name);
    // own-key: only the names of knownParameters are written
    if (value !== '' && knownParameters.has(name)) parameters[name] = value;
  }
  return parameters;
}

/**
 * Registers the form parser on the app. On any route but the token endpoint it answers exactly as
 * a form body was answered before (400 VALIDATION_FAILED: Content-Type must be application/json).
 */
export function registerFormBodyParser(app: FastifyInstance): void {
  app.addContentTypeParser(formMediaType, { parseAs: 'string', bodyLimit: formBodyBytesMax }, (request, body, done) => {
    if (request.routeOptions.url !== oauthTokenPath) {
      done(new AppError('VALIDATION_FAILED', 'Content-Type must be application/json'), undefined);
      return;
    }
    try {
      done(null, parseTokenForm(body as string));
    } catch (err) {
      done(err as Error, undefined);
    }
  });
}

export function isFormRequest(request: FastifyRequest): boolean {
  return request.mediaType === formMediaType;
}

const basicPattern = /^basic +([A-Za-z0-9+/]+={0,2})$/i;

/** Whether the request carries HTTP Basic credentials (well-formed or not). */
export function usesBasic(request: FastifyRequest): boolean {
  const header = request.headers.authorization;
  return typeof header === 'string' && /^basic(?: |$)/i.test(header);
}

/**
 * The client id and secret of a form request, from HTTP Basic or from the body, never both
 * (RFC 6749 §2.3.1: the client must not use more than one method). Basic's user and password are
 * form-urlencoded before base64 (RFC 6749 §2.3.1, appendix B).
 */
export function clientCredentialsOf(
  request: FastifyRequest,
  form: { client_id?: string | undefined; client_secret?: string | undefined },
): { clientId: string; clientSecret: string } {
  const inBody = form.client_id !== undefined || form.client_secret !== undefined;
  if (usesBasic(request)) {
    if (inBody) throw invalidRequest('Send the client credentials either in HTTP Basic or in the body, not both');
    const match = basicPattern.exec(request.headers.authorization as string);
    if (!match?.[1]) throw new OAuthError('invalid_client', 'The Authorization header is not valid HTTP Basic');
    let decoded: string;
    try {
      decoded = new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(match[1], 'base64'));
    } catch {
      throw new OAuthError('invalid_client', 'The Authorization header is not valid HTTP Basic');
    }
    const colon = decoded.indexOf(':');
    if (colon < 0) throw new OAuthError('invalid_client', 'The Authorization header is not valid HTTP Basic');
    const clientId = decodeComponent(decoded.slice(0, colon));
    const clientSecret = decodeComponent(decoded.slice(colon + 1));
    if (clientId === '' || clientSecret === '') throw new OAuthError('invalid_client', 'The client id and secret are required');
    return { clientId, clientSecret };
  }
  if (typeof request.headers.authorization === 'string')
    throw invalidRequest('Client authentication must be HTTP Basic or client_id and client_secret in the body');
  if (form.client_id === undefined || form.client_secret === undefined)
    throw new OAuthError('invalid_client', 'client_id and client_secret are required (in the body or in HTTP Basic)');
  return { clientId: form.client_id, clientSecret: form.client_secret };
}

/** The RFC 6749 §5.2 error a form request gets for `err`, or null when the problem handler answers it. */
function oauthErrorOf(err: FastifyError & { validation?: unknown }, request: FastifyRequest): OAuthError | null {
  if (err instanceof OAuthError) return err;
  if (err.code === 'FST_ERR_VALIDATION' || err.validation) {
    const issues = (err.validation ?? []) as Array<{ instancePath?: string }>;
    // The parameter is the first segment of each issue's path ("/grant_type"); values are never echoed.
    const names = [...new Set(issues.map((v) => (v.instancePath ?? '').split('/')[1] ?? '').filter(Boolean))];
    const grantType = (request.body as { grant_type?: unknown } | undefined)?.grant_type;
    if (names.includes('grant_type') && typeof grantType === 'string')
      return new OAuthError('unsupported_grant_type', 'Only grant_type=client_credentials is supported');
    return invalidRequest(names.length > 0 ? `Missing or malformed parameter: ${names.join(', ')}` : 'The request is malformed');
  }
  if (err instanceof AppError) {
    if (err.code === 'UNAUTHENTICATED') return new OAuthError('invalid_client', 'Client authentication failed');
    if (err.code === 'VALIDATION_FAILED' || err.code === 'MALFORMED_JSON' || err.code === 'PAYLOAD_TOO_LARGE')
      return invalidRequest('The client id or secret is malformed');
    return null;
  }
  if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return invalidRequest(`The body exceeds ${formBodyBytesMax} bytes`);
  if (err.code?.startsWith('FST_ERR_CTP_')) return invalidRequest('The body is malformed');
  return null;
}

/**
 * The token route's error handler: a form request gets RFC 6749 §5.2 errors (400; 401 with
 * WWW-Authenticate for invalid_client when the client tried HTTP Basic); everything else —
 * the JSON form, and 429/503/504 for both — goes to the app's problem+json handler.
 */
export function oauthTokenErrorHandler(app: FastifyInstance) {
  return (err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const oauth = isFormRequest(request) ? oauthErrorOf(err, request) : null;
    if (!oauth) return app.errorHandler(err, request, reply);
    const status = oauth.error === 'invalid_client' && usesBasic(request) ? 401 : 400;
    if (status === 401) reply.header('www-authenticate', 'Basic realm="coin", charset="UTF-8"');
    return reply
      .status(status)
      .header('cache-control', 'no-store')
      .header('pragma', 'no-cache')
      .type('application/json')
      .send({ error: oauth.error, error_description: oauth.description });
  };
}
