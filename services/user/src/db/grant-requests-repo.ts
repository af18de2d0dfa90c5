import type { GrantRequestRow, StoredGrantAct } from '../domain/grant-requests';
import { twoPersonRequestsRepo, type CommonRow } from './two-person-requests-repo';

interface Row extends CommonRow {
  act: StoredGrantAct;
}

/** grant_requests: the common columns (two-person-requests-repo.ts) and the act (JSON, its secret's hash included). */
const grantRequests = twoPersonRequestsRepo<GrantRequestRow, Row>({
  table: 'grant_requests',
  name: 'grant request',
  ownColumns: ['act'],
  ownOf: (row) => ({ act: row.act }),
  ownValues: (request) => [JSON.stringify(request.act)],
});

export const {
  lock: lockGrantRequest,
  find: findGrantRequest,
  list: listGrantRequests,
  insert: insertGrantRequest,
  update: updateGrantRequest,
} = grantRequests;
