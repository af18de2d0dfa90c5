import type { Pool } from '@coin/db';
import { eventClients, revokedAmong } from '../db/events-repo';
import type { ClientScope } from '../domain/visibility';
import { eventClientScopes, type PlatformClientDirectory } from './client-directory';

/** What finds the clients whose events are recorded: the database and the user service's table. */
export interface RecordingClientsDeps {
  pool: Pool;
  directory: Pick<PlatformClientDirectory, 'learn'>;
}

/**
 * Every live client of the service's space whose events are recorded, with its grants
 * (eventClientScopes): the user service's table (read again first when `named` holds a client it
 * does not know) and the clients with an endpoint, less the revoked.
 */
export async function recordingClients(deps: RecordingClientsDeps, named: readonly string[]): Promise<ClientScope[]> {
  const [table, withEndpoints] = await Promise.all([deps.directory.learn(named), eventClients(deps.pool)]);
  const revokedHere = await revokedAmong(deps.pool, [...table.live.keys()]);
  return eventClientScopes(table, withEndpoints, revokedHere);
}
