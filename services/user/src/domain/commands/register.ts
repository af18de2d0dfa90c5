import { registrationPersonalData, type RegistrationPersonalData, type UserCommand } from '@coin/contracts';
import { rejected, type Rejected } from '@coin/errors';
import { openPersonalData } from '@coin/security';
import { accountToRegister, anyone, decideRegistration } from '../rules';
import { sessionGrantOf } from '../session-grants';
import { finding } from './shared';
import type { UserCommandModule, UserWrite } from './types';

type RegistrationData = Extract<UserCommand, { type: 'user.register' }>['data'];

/**
 * A registration's personal data: in clear from a gateway of an earlier version, else opened with
 * the key the user service made for it. Refused (never retried: it will not get better) when the
 * key is unknown, already used or erased, or the data does not open or is no registration.
 */
function registrationDataOf(
  data: RegistrationData,
  key: Buffer | null | undefined,
): Rejected | { ok: true; data: RegistrationPersonalData } {
  if (!('sealed' in data)) return { ok: true, data };
  const unreadable = rejected('VALIDATION_FAILED', 'The registration data cannot be read');
  if (!key) return unreadable;
  let opened: unknown;
  try {
    opened = openPersonalData(key, data.sealed);
  } catch {
    return unreadable;
  }
  const parsed = registrationPersonalData.safeParse(opened);
  return parsed.success ? { ok: true, data: parsed.data } : unreadable;
}

/**
 * `user.register`: anyone may register (the gateway's public route sends it for a stranger). The
 * account is decided once its insert finds the address free or taken: taken, the caller gets the
 * same answer as for a new account (the gateway maps EMAIL_TAKEN to its 202) and the owner hears
 * of the attempt at their next login. The gateway's one-time grant for the first session is
 * stored with a new account; the key the address was sealed under goes to the account that has
 * the address (new, or the one that had it).
 */
export const register: UserCommandModule<'user.register'> = {
  type: 'user.register',
  revokes: false,
  authorize: anyone,
  loads: [(command) => ('sealed' in command.data ? { read: 'personal-data-key', keyId: command.data.sealed.keyId } : null)],
  decide(command, state, context) {
    const personal = registrationDataOf(command.data, state.personalDataKey);
    if (!personal.ok) return personal;
    const admitted = accountToRegister(personal.data);
    if (!admitted.ok) return admitted;
    const emailNormalized = admitted.account.emailNormalized;
    const bind: UserWrite[] =
      'sealed' in command.data ? [{ write: 'bind-personal-data-key', keyId: command.data.sealed.keyId, emailNormalized }] : [];
    return finding({ write: 'insert-user', account: admitted.account }, (inserted) => {
      const decision = decideRegistration(inserted, context);
      if (!decision.ok) return { ...decision, writes: [{ write: 'registration-attempt', emailNormalized, at: context.now }, ...bind] };
      const grantHash = command.data.sessionGrantHash;
      const grant: UserWrite[] = grantHash
        ? [{ write: 'session-grant', grant: sessionGrantOf(decision.result.user.id, grantHash, context.now) }]
        : [];
      return { ok: true, result: decision.result, writes: [...grant, ...bind], events: decision.events };
    });
  },
  audit: () => null,
};
