import type { PoolClient } from '@coin/db';
import { InvariantViolation } from '@coin/errors';
import type { AccountChange } from '../domain/rules';
import type { UserRow } from '../domain/users';
import { revokeAllOfUser } from './sessions-repo';
import { bumpTokenVersion, eraseUser, setRole, setVerified } from './users-repo';

/**
 * Writes decided changes in order, in the caller's transaction. The decision computed each new
 * token version from the row it locked; a row that ends otherwise means the lock was not held.
 */
export async function writeAccountChanges(client: PoolClient, changes: AccountChange[]): Promise<void> {
  for (const change of changes) {
    switch (change.type) {
      case 'set-role':
        expectTokenVersion(await setRole(client, change.userId, change.role, change.at), change.tokenVersion);
        break;
      case 'set-verified':
        expectTokenVersion(await setVerified(client, change.userId, change.verified), change.tokenVersion);
        break;
      case 'erase-user':
        expectTokenVersion(await eraseUser(client, change.userId), change.tokenVersion);
        break;
      case 'bump-token-version':
        expectTokenVersion(await bumpTokenVersion(client, change.userId), change.tokenVersion);
        break;
      case 'revoke-refresh-tokens':
        await revokeAllOfUser(client, change.userId);
        break;
    }
  }
}

function expectTokenVersion(row: UserRow, decided: number): void {
  if (row.token_version !== decided) {
    throw new InvariantViolation(`user ${row.id} has token version ${row.token_version} where ${decided} was decided`);
  }
}
