import {
  changePasswordBody,
  loginResult,
  mfaConfirmBody,
  mfaConfirmed,
  mfaEnrolment,
  mfaVerifyBody,
  problem,
  resetPasswordBody,
  stepUpBody,
  steppedUp,
  tokenPair,
} from '@coin/contracts';
import type { App } from '@coin/http';
import { z } from 'zod';
import type { InternalApi } from '../clients/internal-api';
import { bearerTokenOf } from '../plugins/auth';
import type { TokenVersionStore } from '../plugins/token-version';
import { exampleTokenPair, withExample } from './examples';
import { registerRoutes, routeOf, type RouteDef } from './route-def';

// The OpenAPI examples of these routes.
const exampleMfaChallenge = { mfaRequired: true, challenge: `mc_${'Q'.repeat(43)}`, expiresIn: 300 } as const;
const exampleMfaVerify = { challenge: exampleMfaChallenge.challenge, code: '492039' };
const exampleMfaEnrolment = {
  otpauthUri:
    'otpauth://totp/Coin%20Ledger:ada%40example.com?issuer=Coin%20Ledger&secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&algorithm=SHA1&digits=6&period=30',
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
};
const exampleMfaConfirm = { code: '492039' };
const exampleMfaConfirmed = {
  ...exampleTokenPair,
  recoveryCodes: ['K7QD-2M4X-PZ3A-WXRT', 'B2NC-Y6HJ-Q4LS-E8VU'],
};
const exampleStepUp = { code: '492039' };
const exampleSteppedUp = { accessToken: exampleTokenPair.accessToken, expiresIn: 900 };
const exampleChangePassword = { currentPassword: 'correct horse battery', newPassword: 'staple battery horse correct' };
const exampleResetPassword = { code: 'K7QD-2M4X-PZ3A-WXRT-B2NC', newPassword: 'staple battery horse correct' };

export interface SecondFactorRouteDeps {
  internal: InternalApi;
  tokenVersions: TokenVersionStore;
}

const errorResponses = { 400: problem, 401: problem, 429: problem, 503: problem, 504: problem };

const route = routeOf<SecondFactorRouteDeps>();

/**
 * The second factor (TOTP enrolment, the sign-in's second step, step-up) and passwords (change,
 * operator-issued reset): docs/DESIGN.md "Admin sign-in: second factor and step-up". Every call
 * carries a credential, so it goes to the user service over internal HTTP; for a signed-in caller
 * with the caller's own access token, which the user service verifies itself.
 */
export const secondFactorRoutes: RouteDef<SecondFactorRouteDeps>[] = [
  route({
    method: 'POST',
    url: '/api/auth/mfa/verify',
    config: { access: 'public', rateLimitPolicies: ['login-ip'] },
    schema: {
      tags: ['auth'],
      summary: "The sign-in's second step: the challenge of POST /api/auth/login and a TOTP code (or a recovery code) for tokens",
      description:
        'A code works once (a TOTP code of a time step already used is refused: MFA_CODE_INVALID); a recovery code is used up. ' +
        'Wrong codes are counted per account: past MFA_FAILURES_MAX in MFA_FAILURE_WINDOW_S, 429 until the window ends.',
      operationId: 'verifySecondFactor',
      body: withExample(mfaVerifyBody, exampleMfaVerify),
      response: { 200: withExample(loginResult, { ...exampleTokenPair, notices: [] }), ...errorResponses },
    },
    handler: async (request, _reply, deps) => deps.internal.post('users.mfa-verify', request.body, String(request.id)),
  }),

  route({
    method: 'POST',
    url: '/api/auth/mfa/enrolment',
    config: { access: 'user', rateLimitPolicies: ['credentials-ip'] },
    schema: {
      tags: ['auth'],
      summary: 'Start enrolling an authenticator app (TOTP): its secret, as an otpauth:// URI for a QR code, shown this once',
      description:
        'Admins (ADMIN, SUPERADMIN) need it: their admin routes answer 403 MFA_REQUIRED until they sign in with a second factor. ' +
        'Starting again replaces a secret not yet confirmed; 409 MFA_ALREADY_ENROLLED once one is confirmed.',
      operationId: 'startMfaEnrolment',
      response: { 200: withExample(mfaEnrolment, exampleMfaEnrolment), 409: problem, ...errorResponses },
    },
    handler: async (request, _reply, deps) =>
      deps.internal.post('users.mfa-enrolment', { accessToken: bearerTokenOf(request) }, String(request.id)),
  }),

  route({
    method: 'POST',
    url: '/api/auth/mfa/enrolment/confirm',
    config: { access: 'user', rateLimitPolicies: ['credentials-ip'] },
    schema: {
      tags: ['auth'],
      summary: "Confirm the enrolment with the app's current code: a new session signed in with both factors, and the recovery codes",
      description: 'The recovery codes are shown this once (only their hashes are stored); every earlier session of the account ends.',
      operationId: 'confirmMfaEnrolment',
      body: withExample(mfaConfirmBody, exampleMfaConfirm),
      response: { 200: withExample(mfaConfirmed, exampleMfaConfirmed), 409: problem, ...errorResponses },
    },
    handler: async (request, _reply, deps) =>
      deps.internal.post('users.mfa-confirm', { accessToken: bearerTokenOf(request), code: request.body.code }, String(request.id)),
  }),

  route({
    method: 'POST',
    url: '/api/auth/mfa/step-up',
    config: { access: 'user', rateLimitPolicies: ['credentials-ip'] },
    schema: {
      tags: ['auth'],
      summary: 'Step-up: a fresh second factor for an access token that may approve, delete, change roles and create keys or clients',
      description:
        'Those operations answer 403 STEP_UP_REQUIRED when the caller gave the second factor more than STEP_UP_MAX_AGE_S ago; ' +
        'send a current code here and retry with the access token answered.',
      operationId: 'stepUp',
      body: withExample(stepUpBody, exampleStepUp),
      response: { 200: withExample(steppedUp, exampleSteppedUp), ...errorResponses },
    },
    handler: async (request, _reply, deps) =>
      deps.internal.post('users.step-up', { accessToken: bearerTokenOf(request), code: request.body.code }, String(request.id)),
  }),

  route({
    method: 'POST',
    url: '/api/auth/password',
    config: { access: 'user', rateLimitPolicies: ['credentials-ip'] },
    schema: {
      tags: ['auth'],
      summary: "Change the caller's password: every other session ends; the answer is this caller's new session",
      operationId: 'changePassword',
      body: withExample(changePasswordBody, exampleChangePassword),
      response: { 200: withExample(tokenPair, exampleTokenPair), ...errorResponses },
    },
    handler: async (request, _reply, deps) => {
      const changed = await deps.internal.post(
        'users.change-password',
        { accessToken: bearerTokenOf(request), ...request.body },
        String(request.id),
      );
      // The old access tokens stop at once, and the new one works at once (as "log out everywhere").
      await deps.tokenVersions.remember(changed.session.user.id, changed.tokenVersion);
      return changed.session;
    },
  }),

  route({
    method: 'POST',
    url: '/api/auth/password-reset',
    config: { access: 'public', rateLimitPolicies: ['login-ip'] },
    schema: {
      tags: ['auth'],
      summary: 'Set a new password with a one-time reset code an operator issued (`npm run admin -- reset-password`); every session ends',
      description: 'There is no mail service: an operator gives the code to the account holder. It works once and expires.',
      operationId: 'resetPassword',
      body: withExample(resetPasswordBody, exampleResetPassword),
      response: { 204: z.null().describe('The password is changed; sign in with it'), ...errorResponses },
    },
    handler: async (request, reply, deps) => {
      const reset = await deps.internal.post('users.password-reset', request.body, String(request.id));
      await deps.tokenVersions.remember(reset.userId, reset.tokenVersion);
      return reply.status(204).send(null);
    },
  }),
];

export function registerSecondFactorRoutes(app: App, deps: SecondFactorRouteDeps): void {
  registerRoutes(app, secondFactorRoutes, deps);
}
