import {
  ledgerDraft,
  loginAnswer,
  loginBody,
  problem,
  registerBody,
  registrationAccepted,
  registrationAcceptedDetail,
  userDraft,
} from '@coin/contracts';
import { AppError } from '@coin/errors';
import type { App } from '@coin/http';
import { hashPassword, owaspScryptCost, sealPersonalData, type ScryptCost } from '@coin/security';
import type { CommandBus } from '../clients/commands';
import type { InternalApi } from '../clients/internal-api';
import type { LoginThrottle } from '../plugins/login-throttle';
import { exampleTokenPair, withExample } from './examples';
import { registrationAttemptDetail } from '@coin/contracts';
import { registerRoutes, routeOf, type RouteDef } from './route-def';

// The OpenAPI examples of these routes.
export const exampleRegister = { email: 'ada@example.com', password: 'correct horse battery', fullName: 'Ada Lovelace' };
export const exampleLogin = { email: 'ada@example.com', password: 'correct horse battery' };
const exampleLoginResult = {
  ...exampleTokenPair,
  notices: [
    {
      kind: 'REGISTRATION_ATTEMPT' as const,
      attempts: 1,
      firstAt: '2026-05-01T09:30:00.000Z',
      lastAt: '2026-05-01T09:30:00.000Z',
      detail: registrationAttemptDetail,
    },
  ],
};
const exampleRegistrationAccepted = { status: 'accepted', detail: registrationAcceptedDetail } as const;

export interface AuthRouteDeps {
  commands: CommandBus;
  internal: InternalApi;
  loginThrottle: LoginThrottle;
  /** scrypt cost of the passwords hashed here (default OWASP's minimum). */
  passwordHashCost?: ScryptCost;
}

const errorResponses = { 400: problem, 401: problem, 409: problem, 429: problem, 503: problem, 504: problem };
/** No 409: an address that already has an account answers 202 like a free one. */
const registerErrorResponses = { 400: problem, 429: problem, 503: problem, 504: problem };

const route = routeOf<AuthRouteDeps>();

export const authRoutes: RouteDef<AuthRouteDeps>[] = [
  route({
    method: 'POST',
    url: '/api/auth/register',
    config: { access: 'public', rateLimitPolicies: ['register-ip'] },
    schema: {
      tags: ['auth'],
      summary:
        'Create an account (its wallet with it), then log in. The same 202 whether the address was free or already had an account ' +
        '(whose owner is told at their next login), so registration does not reveal who has an account',
      operationId: 'registerUser',
      body: withExample(registerBody, exampleRegister),
      response: { 202: withExample(registrationAccepted, exampleRegistrationAccepted), ...registerErrorResponses },
    },
    handler: async (request, reply, deps) => {
      const { email, password, fullName } = request.body;
      // Hash here so the plaintext never reaches a Kafka topic.
      const passwordHash = await hashPassword(password, deps.passwordHashCost ?? owaspScryptCost);
      const requestId = String(request.id);
      // Sealed under a key the user service keeps with the account: the command's bytes on
      // user.commands become unreadable when the account is erased (docs/DESIGN.md "Erasure").
      const { keyId, key } = await deps.internal.post('users.registration-key', {}, requestId);
      const sealed = sealPersonalData(keyId, Buffer.from(key, 'base64url'), { email, passwordHash, fullName });
      const registered = await deps.commands
        .user(userDraft('user.register', { sealed }), { actor: { kind: 'user', id: 'anonymous' }, requestId })
        .then(
          ({ user }) => user,
          (err: unknown) => {
            // The address has an account: the user service told its owner (a notice at their
            // next login); the caller gets the answer a new account gets.
            if (err instanceof AppError && err.code === 'EMAIL_TAKEN') return null;
            throw err;
          },
        );
      // The wallet exists before we answer, so the new user can read it as soon as they log in.
      if (registered) {
        await deps.commands.ledger(ledgerDraft('ledger.open-wallet', { userId: registered.id }), {
          actor: { kind: 'service', id: 'gateway' },
          requestId,
        });
      }
      reply.status(202);
      return { status: 'accepted' as const, detail: registrationAcceptedDetail };
    },
  }),

  route({
    method: 'POST',
    url: '/api/auth/login',
    config: { access: 'public', rateLimitPolicies: ['login-ip'] },
    schema: {
      tags: ['auth'],
      summary: 'Exchange email and password for tokens, or (second factor enrolled) for a challenge to answer with a code',
      description:
        'The tokens come with the notices the owner has not seen, each shown once. An account with a second factor (TOTP) gets `{mfaRequired: true, challenge, expiresIn}` instead of tokens: send the ' +
        'challenge and a code to POST /api/auth/mfa/verify. An ADMIN or SUPERADMIN without one gets tokens that reach the routes ' +
        'any user has and POST /api/auth/mfa/enrolment; their admin routes answer 403 MFA_REQUIRED.',
      operationId: 'login',
      body: withExample(loginBody, exampleLogin),
      response: { 200: withExample(loginAnswer, exampleLoginResult), ...errorResponses },
    },
    // Failed logins are budgeted per (e-mail, client) and per client, never per e-mail alone.
    handler: async (request, reply, deps) =>
      deps.loginThrottle.attempt(request.body.email, request.ip, reply, () =>
        deps.internal.post('users.login', request.body, String(request.id)),
      ),
  }),
];

export function registerAuthRoutes(app: App, deps: AuthRouteDeps): void {
  registerRoutes(app, authRoutes, deps);
}
