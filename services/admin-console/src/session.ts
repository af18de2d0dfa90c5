import { type CoinClient, createCoinClient, type OperationResult } from '@coin/client';
import { type BalanceStreamOptions, openBalanceStream } from './live-balance/balance-stream';

/** The tokens of a sign-in (a login without a second factor, the second step, an enrolment, a password change). */
export type LoginAnswer = Exclude<OperationResult<'login'>, { mfaRequired: true }>;
/** What a password sign-in of an account with a second factor answers: a challenge for the code. */
export type SecondFactorChallenge = Extract<OperationResult<'login'>, { mfaRequired: true }>;
export type SignedInUser = LoginAnswer['user'];
export type Role = SignedInUser['role'];

/** The roles the console serves: the API's admin routes start at ADMIN (DEVELOPER and USER are refused). */
export const consoleRoles: readonly Role[] = ['ADMIN', 'SUPERADMIN'];

/** Seconds before an access token's expiry at which it is refreshed first. */
const refreshMarginS = 30;

/** A numeric claim (seconds) of a JWT, or undefined when it cannot be read. Nothing is verified here: the API does that. */
function numericClaim(jwt: string, name: 'exp' | 'mfa_at'): number | undefined {
  const payload = jwt.split('.')[1];
  if (!payload) return undefined;
  try {
    const json = atob(
      payload
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(payload.length / 4) * 4, '='),
    );
    const value = (JSON.parse(json) as Record<string, unknown>)[name];
    return typeof value === 'number' ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The `exp` claim (seconds) of a JWT, or undefined when it cannot be read. */
export function tokenExpiry(jwt: string): number | undefined {
  return numericClaim(jwt, 'exp');
}

/** The `mfa_at` claim (seconds): when the holder last gave the second factor; undefined for a password-only session. */
export function secondFactorTime(jwt: string): number | undefined {
  return numericClaim(jwt, 'mfa_at');
}

/** True when the token must be refreshed before it is used (expired, or about to). */
export function needsRefresh(jwt: string, nowMs: number): boolean {
  const exp = tokenExpiry(jwt);
  return exp === undefined ? false : exp - refreshMarginS <= nowMs / 1000;
}

/**
 * The signed-in session, in this tab's memory only: never localStorage, sessionStorage or a
 * cookie, so a reload signs out. The access token is refreshed through POST /api/auth/refresh
 * before it expires (one refresh at a time, whoever asks); a refused refresh ends the session.
 */
export class Session {
  private accessToken: string;
  private refreshToken: string;
  private refreshing: Promise<string> | undefined;
  readonly client: CoinClient;
  user: SignedInUser;

  constructor(
    answer: LoginAnswer,
    private readonly baseUrl: string,
    private readonly onEnded: (reason: string) => void,
  ) {
    this.accessToken = answer.accessToken;
    this.refreshToken = answer.refreshToken;
    this.user = answer.user;
    this.client = createCoinClient({ baseUrl, accessToken: () => this.currentToken(), retry: { attempts: 2 } });
  }

  get role(): Role {
    return this.user.role;
  }

  /** Whether this session was signed in with the second factor (admin routes need it). */
  get hasSecondFactor(): boolean {
    return secondFactorTime(this.accessToken) !== undefined;
  }

  /** Step-up (POST /api/auth/mfa/step-up): the access token is replaced by one whose second factor is fresh. */
  async stepUp(code: string): Promise<void> {
    const answer = await this.client.stepUp({ body: { code } });
    this.accessToken = answer.accessToken;
  }

  /** POST /api/auth/password: every other session ends; this one continues with the tokens answered. */
  async changePassword(currentPassword: string, newPassword: string): Promise<void> {
    const answer = await this.client.changePassword({ body: { currentPassword, newPassword } });
    this.accessToken = answer.accessToken;
    this.refreshToken = answer.refreshToken;
    this.user = answer.user;
  }

  /** A live balance stream of the API (./live-balance), with this session's token, refreshed as the client's is. */
  streamBalance(path: string, handlers: Pick<BalanceStreamOptions, 'onBalance' | 'onState'>): () => void {
    return openBalanceStream({ url: new URL(path, this.baseUrl).toString(), token: () => this.currentToken(), ...handlers });
  }

  private async currentToken(): Promise<string> {
    if (!needsRefresh(this.accessToken, Date.now())) return this.accessToken;
    return this.refresh();
  }

  /** POST /api/auth/refresh with the refresh token (rotated on every use); shared by concurrent callers. */
  refresh(): Promise<string> {
    this.refreshing ??= (async () => {
      try {
        const answer = await createCoinClient({ baseUrl: this.baseUrl }).refreshToken({ body: { refreshToken: this.refreshToken } });
        this.accessToken = answer.accessToken;
        this.refreshToken = answer.refreshToken;
        this.user = answer.user;
        return answer.accessToken;
      } catch (err) {
        this.onEnded('Your session has ended (the refresh was refused): sign in again.');
        throw err;
      } finally {
        this.refreshing = undefined;
      }
    })();
    return this.refreshing;
  }

  /** Signs this session out (POST /api/auth/logout); the tokens are forgotten whatever the answer. */
  async signOut(): Promise<void> {
    try {
      await this.client.logout({ body: { refreshToken: this.refreshToken } });
    } finally {
      this.forget();
    }
  }

  /** Signs out every session of this account on every device (POST /api/auth/logout-all). */
  async signOutEverywhere(): Promise<void> {
    try {
      await this.client.logoutEverywhere();
    } finally {
      this.forget();
    }
  }

  private forget(): void {
    this.accessToken = '';
    this.refreshToken = '';
  }
}

/** A key per form submission: made when the form is filled, reused by a double click or a retry of that submission, replaced once it is answered. */
export class SubmissionKey {
  private key: string;
  constructor(private readonly make: () => string = () => globalThis.crypto.randomUUID()) {
    this.key = this.make();
  }
  get current(): string {
    return this.key;
  }
  /** After an answer (success or a definite refusal) the next submission is a new one. */
  next(): string {
    this.key = this.make();
    return this.key;
  }
}
