/**
 * `npm run -s admin -- token <who>`: an access token for a person or a platform client of a
 * developer's stack, on stdout, so a shell takes it with `$(…)` (docs/guides/). It signs in
 * through the public API as the console or a platform does; nothing is written to a database.
 *
 *   - `superadmin`, `superadmin2`, `admin`: the seed's admins (`COIN_SUPERADMIN_*`,
 *     `COIN_SECOND_SUPERADMIN_*`, `COIN_ADMIN_*`: EMAIL, PASSWORD, TOTP_SECRET): the password
 *     (POST /api/auth/login), then the second factor (POST /api/auth/mfa/verify) with the code
 *     the secret computes, as an authenticator app would. The token's second factor is fresh, so
 *     step-up operations pass for STEP_UP_MAX_AGE_S (5 minutes).
 *   - `client`, `provider`: a platform client's SYSTEM token by OAuth 2.0 client credentials
 *     (POST /api/auth/token) with `COIN_CLIENT_ID`/`COIN_CLIENT_SECRET`, or
 *     `COIN_PROVIDER_CLIENT_ID`/`COIN_PROVIDER_CLIENT_SECRET` (dev-seed --provider).
 *   - `user --email E --password-stdin`: a person without a second factor, the password piped.
 *
 * `npm run -s admin -- totp <admin|superadmin|superadmin2>` prints the code an authenticator app
 * would show now, for signing in by hand (the admin console).
 *
 * The server accepts a time step's code once: the helper starts after the last step the tools of
 * this machine offered (scripts/stack/totp.ts, recalledStep), and when a code is refused all the
 * same (someone signed in with it elsewhere) it tries the next step's; when both are used, it waits
 * for the clock (up to 30 s). A 429 of the login limit (10 a minute from one address
 * with `npm start`'s settings) is waited out as its Retry-After says, once.
 */
import { requestJson, type JsonResponse } from '../stack/http-json';
import { recalledStep, rememberStep, TotpDevice } from '../stack/totp';

/** Who a token is for, as the command names them. */
export const tokenSubjects = ['superadmin', 'superadmin2', 'admin', 'client', 'provider', 'user'] as const;
export type TokenSubject = (typeof tokenSubjects)[number];

export function isTokenSubject(text: string | undefined): text is TokenSubject {
  return (tokenSubjects as readonly string[]).includes(text ?? '');
}

/** The seed's variable prefix of each admin. */
const adminVariables = { superadmin: 'COIN_SUPERADMIN', superadmin2: 'COIN_SECOND_SUPERADMIN', admin: 'COIN_ADMIN' } as const;
const clientVariables = { client: 'COIN_CLIENT', provider: 'COIN_PROVIDER_CLIENT' } as const;

export interface TokenOptions {
  who: TokenSubject;
  gatewayUrl: string;
  env: Record<string, string | undefined>;
  /** `user`'s address and password (the password from stdin). */
  email?: string;
  password?: string;
  note: (line: string) => void;
  /** Waits (the login limit's Retry-After, the clock for a fresh TOTP step); a test passes its own. */
  sleep?: (ms: number) => Promise<void>;
}

function variable(env: TokenOptions['env'], name: string, hint: string): string {
  const value = env[name]?.trim();
  if (!value) throw new Error(`${name} is not set: ${hint}`);
  return value;
}

const seedHint = 'run `eval "$(npm run -s admin -- dev-seed)"` in this shell first';

/** The gateway's problem in one line: its code and detail, or the status. */
function problemOf(response: JsonResponse): string {
  const body = response.body as { code?: string; detail?: string; error?: string; error_description?: string } | undefined;
  const said = body?.code ? `${body.code}: ${body.detail ?? ''}` : body?.error ? `${body.error}: ${body.error_description ?? ''}` : '';
  return `${response.status}${said ? ` ${said}` : ''}`;
}

/** POSTs, and on a 429 waits its Retry-After (at most 60 s) and tries once more. */
async function post(options: TokenOptions, path: string, body: unknown, form?: string): Promise<JsonResponse> {
  const sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  const send = () =>
    requestJson(options.gatewayUrl, 'POST', path, {
      ...(form !== undefined ? { rawBody: form, headers: { 'content-type': 'application/x-www-form-urlencoded' } } : { body }),
      timeoutMs: 30_000,
    });
  const first = await send();
  if (first.status !== 429) return first;
  const waitS = Math.min(Number(first.headers.get('retry-after') ?? '') || 10, 60);
  options.note(`${path}: rate-limited (429); waiting ${waitS} s as its Retry-After says`);
  await sleep(waitS * 1000);
  return send();
}

/** The password, then the second factor from the secret: a both-factor access token. */
async function adminToken(options: TokenOptions, who: keyof typeof adminVariables): Promise<string> {
  const prefix = adminVariables[who];
  const email = variable(options.env, `${prefix}_EMAIL`, seedHint);
  const password = variable(options.env, `${prefix}_PASSWORD`, seedHint);
  const secret = variable(options.env, `${prefix}_TOTP_SECRET`, `${seedHint} (it enrols the second factor and exports its secret)`);
  const login = await post(options, '/api/auth/login', { email, password });
  if (login.status !== 200) throw new Error(`login of ${email}: ${problemOf(login)}`);
  const first = login.body as { accessToken?: string; mfaRequired?: boolean; challenge?: string };
  if (!first.mfaRequired || !first.challenge) {
    throw new Error(`${email} has no second factor enrolled: ${seedHint} (it enrols one for each admin)`);
  }
  const device = new TotpDevice(secret, recalledStep(secret));
  // The code of the first step no tool here has offered; on a refusal (someone else used it), the next.
  for (let attempt = 1; ; attempt += 1) {
    const code = await device.nextCode();
    rememberStep(device);
    const verified = await post(options, '/api/auth/mfa/verify', { challenge: first.challenge, code });
    if (verified.status === 200) return (verified.body as { accessToken: string }).accessToken;
    if (attempt >= 3 || verified.status !== 401) throw new Error(`second factor of ${email}: ${problemOf(verified)}`);
  }
}

/** OAuth 2.0 client credentials (RFC 6749 §4.4), as any platform fetches its SYSTEM token. */
async function clientToken(options: TokenOptions, who: keyof typeof clientVariables): Promise<string> {
  const prefix = clientVariables[who];
  const hint = who === 'provider' ? 'run `eval "$(npm run -s admin -- dev-seed --provider)"` in this shell first' : seedHint;
  const id = variable(options.env, `${prefix}_ID`, hint);
  const secret = variable(options.env, `${prefix}_SECRET`, hint);
  const form = new URLSearchParams({ grant_type: 'client_credentials', client_id: id, client_secret: secret }).toString();
  const answer = await post(options, '/api/auth/token', undefined, form);
  if (answer.status !== 200) throw new Error(`token of platform client ${id}: ${problemOf(answer)}`);
  return (answer.body as { access_token: string }).access_token;
}

async function userToken(options: TokenOptions): Promise<string> {
  const { email, password } = options;
  if (!email || !password) throw new Error('token user needs --email E and the password on stdin (--password-stdin)');
  const login = await post(options, '/api/auth/login', { email, password });
  if (login.status !== 200) throw new Error(`login of ${email}: ${problemOf(login)}`);
  const body = login.body as { accessToken?: string; mfaRequired?: boolean };
  if (body.mfaRequired || !body.accessToken) throw new Error(`${email} has a second factor: use token admin, superadmin or superadmin2`);
  return body.accessToken;
}

/**
 * The code an admin's authenticator app shows now, for a sign-in by hand (the console): the first
 * step the tools of this machine have not offered, which is then taken as offered.
 */
export async function signInCode(who: string | undefined, env: TokenOptions['env']): Promise<string> {
  if (who !== 'superadmin' && who !== 'superadmin2' && who !== 'admin') throw new Error('totp takes superadmin, superadmin2 or admin');
  const secret = variable(env, `${adminVariables[who]}_TOTP_SECRET`, seedHint);
  const device = new TotpDevice(secret, recalledStep(secret));
  const code = await device.nextCode();
  rememberStep(device);
  return code;
}

/** The access token of `who`. */
export function accessToken(options: TokenOptions): Promise<string> {
  const { who } = options;
  if (who === 'user') return userToken(options);
  if (who === 'client' || who === 'provider') return clientToken(options, who);
  return adminToken(options, who);
}
