import { z } from 'zod';
import { password, singleLineText, userId } from './common';
import { loginResult, tokenPair } from './user';

/**
 * Sign-in with a second factor (RFC 6238 TOTP), password change and password reset
 * (docs/DESIGN.md "Admin sign-in: second factor and step-up").
 */

/** A TOTP code as authenticator apps show it: six digits. */
export const totpCode = z.string().regex(/^[0-9]{6}$/, 'must be the 6-digit code of the authenticator app');
/** A recovery code as enrolment printed it: 16 base32 characters in groups of 4 (case and dashes are not significant). */
export const recoveryCode = z.string().regex(/^[A-Za-z2-7]{4}(-?[A-Za-z2-7]{4}){3}$/, 'must be a recovery code (XXXX-XXXX-XXXX-XXXX)');
/** What a second-factor answer accepts: the app's current code, or an unused recovery code. */
export const secondFactorCode = z.union([totpCode, recoveryCode]);
/** The challenge a password sign-in of an enrolled account answers with: `mc_` + 256 random bits. */
export const mfaChallengeToken = z.string().regex(/^mc_[A-Za-z0-9_-]{43}$/);

/** Login of an account with a second factor: no tokens yet, a challenge to answer with a code. */
export const mfaChallenge = z.object({
  mfaRequired: z.literal(true),
  challenge: mfaChallengeToken.describe('Send it with a code to POST /api/auth/mfa/verify; it works once'),
  expiresIn: z.number().int().describe('Seconds until the challenge expires'),
});
/** What POST /api/auth/login answers: tokens, or (second factor enrolled) a challenge. */
export const loginAnswer = z.union([loginResult, mfaChallenge]);

export const mfaVerifyBody = z.strictObject({ challenge: mfaChallengeToken, code: secondFactorCode });
export const mfaEnrolment = z.object({
  otpauthUri: z.string().describe('otpauth://totp/… for an authenticator app (QR code); shown this once'),
  secret: z.string().describe('The same secret in base32, for typing it in; shown this once'),
});
export const mfaConfirmBody = z.strictObject({ code: totpCode });
export const mfaConfirmed = tokenPair.extend({
  recoveryCodes: z.array(z.string()).describe('One-time codes for signing in without the app; shown this once, only hashes are stored'),
});
export const stepUpBody = z.strictObject({ code: secondFactorCode });
export const steppedUp = z.object({
  accessToken: z.string().describe('An access token whose second factor is fresh (valid for step-up operations for STEP_UP_MAX_AGE_S)'),
  expiresIn: z.number().int().describe('Seconds until the access token expires'),
});

export const changePasswordBody = z.strictObject({ currentPassword: singleLineText(1, 128), newPassword: password });
/** A one-time password-reset code as `npm run admin -- reset-password` prints it: 20 base32 characters in groups of 4. */
export const passwordResetCode = z
  .string()
  .regex(/^[A-Za-z2-7]{4}(-?[A-Za-z2-7]{4}){4}$/, 'must be a reset code (XXXX-XXXX-XXXX-XXXX-XXXX)');
export const resetPasswordBody = z.strictObject({ code: passwordResetCode, newPassword: password });

// ---- Internal HTTP of the user service (gateway only) ----
/** Calls made for a signed-in caller carry the caller's own access token: the user service verifies it itself. */
const bearer = { accessToken: singleLineText(1, 4096) };
export const internalMfaEnrolBody = z.strictObject(bearer);
export const internalMfaConfirmBody = z.strictObject({ ...bearer, code: totpCode });
export const internalStepUpBody = z.strictObject({ ...bearer, code: secondFactorCode });
export const internalChangePasswordBody = z.strictObject({ ...bearer, currentPassword: singleLineText(1, 128), newPassword: password });
/** A change of password or a reset ends every session: the gateway learns the new token version at once. */
export const passwordChanged = z.object({ session: tokenPair, tokenVersion: z.number().int().nonnegative() });
export const passwordReset = z.object({ userId, tokenVersion: z.number().int().nonnegative() });
