import { randomUUID } from 'node:crypto';
import { registrationKey } from '@coin/contracts';
import type { App } from '@coin/http';
import type { Pool } from '@coin/db';
import { newPersonalDataKey } from '@coin/security';
import { insertPersonalDataKey, purgeUnboundPersonalDataKeys } from '../db/personal-data-keys-repo';

export interface RegistrationKeyRouteDeps {
  pool: Pool;
  /** Keys no registration used are purged past this age: their command is too old to be applied (COMMAND_MAX_AGE_S). */
  unboundKeyMaxAgeS: number;
}

/** Abandoned keys purged per key made: the table stays bounded by the registrations of one command lifetime. */
const purgePerKey = 10;

/**
 * A fresh key for one registration (docs/DESIGN.md "Erasure"): the gateway seals the new
 * account's e-mail, name and password hash under it before the command goes to user.commands,
 * and the key stays here, where the account's erasure deletes it. The gateway alone may ask.
 */
export function registerRegistrationKeyRoutes(app: App, deps: RegistrationKeyRouteDeps): void {
  app.post('/internal/registration-keys', { schema: { response: { 201: registrationKey } } }, async (_request, reply) => {
    const keyId = randomUUID();
    const key = newPersonalDataKey();
    await insertPersonalDataKey(deps.pool, keyId, key);
    await purgeUnboundPersonalDataKeys(deps.pool, deps.unboundKeyMaxAgeS, purgePerKey);
    reply.status(201);
    return { keyId, key: key.toString('base64url') };
  });
}
