import type { ApiKeyScopeName } from '@coin/contracts';
import type { GrantKind, ShownOf } from './types';

/** An API key issued to an ADMIN+: about its owner. Its hash is stored, never shown. */
export type StoredApiKey = {
  type: 'user.api-key.create';
  apiKeyId: string;
  name: string;
  scopes: ApiKeyScopeName[];
  keyHash: string;
  ownerUserId: number;
};

export const apiKeyKind: GrantKind<StoredApiKey, ShownOf<'user.api-key.create'>> = {
  view: ({ type, apiKeyId, name, scopes, ownerUserId }) => ({ type, apiKeyId, name, scopes, ownerUserId }),
  subjects: (act) => [act.ownerUserId],
  ownDetail: 'No one approves an API key issued to themselves; another SUPERADMIN must',
  summary: (act) => ({ type: act.type, apiKeyId: act.apiKeyId, name: act.name, scopes: [...act.scopes] }),
};
