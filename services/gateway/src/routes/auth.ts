import { ledgerDraft, loginAnswer, loginBody, problem, registerBody, tokenPair, userDraft } from '@coin/contracts';
import type { App } from '@coin/http';
import { hashPassword, randomSecret, sha256Hex } from '@coin/security';
import type { CommandBus } from '../clients/commands';
import type { InternalHttpClient } from '../clients/internal-http';
import type { LoginThrottle } from '../plugins/login-throttle';
import { exampleLogin, exampleRegister, exampleTokenPair, withExample } from './examples';

export interface AuthRouteDeps {
  commands: CommandBus;
  users: InternalHttpClient;
  loginThrottle: LoginThrottle;
}

const errorResponses = { 400: problem, 401: problem, 409: problem, 429: problem, 503: problem, 504: problem };

export function registerAuthRoutes(app: App, deps: AuthRouteDeps): void {
  app.post(
    '/api/auth/register',
    {
      config: { access: 'public', rateLimitPolicies: ['register-ip'] },
      schema: {
        tags: ['auth'],
        summary: 'Create an account; its wallet is created with it',
        operationId: 'registerUser',
        body: withExample(registerBody, exampleRegister),
        response: { 201: withExample(tokenPair, exampleTokenPair), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { email, password, fullName } = request.body;
      // Hash here so the plaintext never reaches a Kafka topic.
      const passwordHash = await hashPassword(password);
      const requestId = String(request.id);
      // A one-time grant for this account's first session: only its hash goes on the topic, and
      // the user service issues a session only against it (docs/DESIGN.md "Internal HTTP credentials").
      const grant = randomSecret('sg_');
      const sessionGrantHash = sha256Hex(grant);
      const { user } = await deps.commands.user(userDraft('user.register', { email, passwordHash, fullName, sessionGrantHash }), {
        actor: { kind: 'user', id: 'anonymous' },
        requestId,
      });
      // The wallet exists before we answer, so the new user can read it at once.
      await deps.commands.ledger(ledgerDraft('ledger.open-wallet', { userId: user.id }), {
        actor: { kind: 'service', id: 'gateway' },
        requestId,
      });
      const session = await deps.users.post<unknown>('/internal/sessions', { userId: user.id, grant }, requestId);
      reply.status(201);
      return session as never;
    },
  );

  app.post(
    '/api/auth/login',
    {
      config: { access: 'public', rateLimitPolicies: ['login-ip'] },
      schema: {
        tags: ['auth'],
        summary: 'Exchange email and password for tokens, or (second factor enrolled) for a challenge to answer with a code',
        description:
          'An account with a second factor (TOTP) gets `{mfaRequired: true, challenge, expiresIn}` instead of tokens: send the ' +
          'challenge and a code to POST /api/auth/mfa/verify. An ADMIN or SUPERADMIN without one gets tokens that reach the routes ' +
          'any user has and POST /api/auth/mfa/enrolment; their admin routes answer 403 MFA_REQUIRED.',
        operationId: 'login',
        body: withExample(loginBody, exampleLogin),
        response: { 200: withExample(loginAnswer, exampleTokenPair), ...errorResponses },
      },
    },
    // Failed logins are budgeted per (e-mail, client) and per client, never per e-mail alone.
    async (request, reply) =>
      deps.loginThrottle.attempt(request.body.email, request.ip, reply, () =>
        deps.users.post('/internal/auth/login', request.body, String(request.id)),
      ) as never,
  );
}
