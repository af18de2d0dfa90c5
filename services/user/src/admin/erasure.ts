import { topicNames } from '@coin/contracts';
import { inTransaction, type Pool } from '@coin/db';
import { countUnsentEvents, eventsNamingEmail, lockErasureSubject, markErased, replaceEventPayload } from '../db/erasure-repo';
import { destroyPersonalDataKeys } from '../db/personal-data-keys-repo';
import { insertAuditRecords } from '../db/user-events-outbox';
import { decideErasure, erasureAuditRecord, erasureReceipt, erasureRecordId, scrubbedUserEvent } from '../domain/erasure';
import { operator } from './operator';

export type ErasureOutcome =
  | { ok: true; outcome: 'erased' | 'already-erased'; receipt: string[] }
  | { ok: false; code: 'USER_NOT_FOUND' | 'USER_NOT_DELETED' | 'EVENTS_UNSENT'; detail: string };

/**
 * `npm run admin -- erase --user-id N` (docs/operations/procedures.md "Erasure"): in one transaction, the
 * deleted account's stored events lose the e-mail address they named, the keys its registration
 * was sealed under are deleted (crypto-shredding of user.commands), the row is marked erased,
 * and the erasure is recorded in the admin audit log (through the outbox, as every operator
 * action). Idempotent: a second run changes nothing and answers the first erasure's receipt.
 */
export async function erasePersonalData(pool: Pool, input: { userId: number; topicPrefix: string; now: Date }): Promise<ErasureOutcome> {
  const topics = topicNames(input.topicPrefix);
  const eventTopics = [topics.userEvents, topics.userEventsV2];
  return inTransaction(pool, async (client): Promise<ErasureOutcome> => {
    const subject = await lockErasureSubject(client, input.userId);
    const decision = decideErasure(input.userId, subject);
    if (decision.kind === 'refused') return { ok: false, code: decision.code, detail: decision.detail };
    const deletedAt = subject!.deletedAt!;
    const recordId = erasureRecordId(input.userId);
    if (decision.kind === 'already-erased') {
      const receipt = erasureReceipt({ userId: input.userId, recordId, erasedAt: decision.erasedAt, deletedAt, already: true });
      return { ok: true, outcome: 'already-erased', receipt };
    }
    // An event not sent yet must go out whole (its consumers read the version it was written in):
    // the deletion's own event is sent within seconds, so the operator retries.
    if ((await countUnsentEvents(client, input.userId, eventTopics)) > 0) {
      return {
        ok: false,
        code: 'EVENTS_UNSENT',
        detail: `User ${input.userId} still has events the user service has not sent; run the erasure again in a minute`,
      };
    }
    const stored = await eventsNamingEmail(client, input.userId, eventTopics);
    for (const row of stored) {
      const scrubbed = scrubbedUserEvent(row.payload);
      if (scrubbed) await replaceEventPayload(client, row.id, scrubbed);
    }
    // Its registration's key: the sealed copy on user.commands can no longer be read.
    const keysDestroyed = await destroyPersonalDataKeys(client, input.userId);
    await markErased(client, input.userId, input.now);
    const record = erasureAuditRecord({
      userId: input.userId,
      at: input.now,
      operator,
      deletedAt,
      eventPayloadsScrubbed: stored.length,
      keysDestroyed,
    });
    await insertAuditRecords(client, topics, [record]);
    const receipt = erasureReceipt({ userId: input.userId, recordId, erasedAt: input.now, deletedAt, already: false });
    return { ok: true, outcome: 'erased', receipt };
  });
}
