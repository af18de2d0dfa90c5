import type { AuditAction, AuditLogEntry, AuditLogRecord, ServiceActionLogEntry } from '@coin/contracts';
import { inTransaction, type Pool, type PoolClient } from '@coin/db';
import { canonicalJson } from '@coin/contracts';
import { chainHash, firstBreak, genesisHash, type ChainBreak, type ChainLink } from '../domain/audit-chain';

type Queryable = Pool | PoolClient;

/** One writer at a time extends the chain (a second consumer during a rebalance waits here). */
const chainLockKey = 'admin_audit_log chain';

/** A record to append, with the writer its signature verified for and where it came from. */
export interface IncomingAuditRecord {
  record: AuditLogRecord;
  /** The service whose key signed it. */
  signer: string;
  from: { topic: string; partition: number; offset: string };
}

export interface StoredAuditRecords {
  /** How many were new. */
  stored: number;
  /**
   * Records whose id is stored (or earlier in the batch) with other content: not a redelivery
   * but a collision, e.g. a writer that sent a record under the id of another's. Kept, outside
   * the chain, in admin_audit_conflicts (in the same transaction); the caller counts and logs them.
   */
  conflicts: IncomingAuditRecord[];
}

/**
 * Appends the records not stored yet, in the order given, each linked to the one before: seq and
 * prev_hash come from the last stored entry, read under an advisory lock in the same transaction.
 * A redelivered record (its id stored with the same content) is skipped; one whose id is stored
 * with other content is kept in admin_audit_conflicts and returned as a conflict.
 */
export async function storeAuditRecords(pool: Pool, incoming: IncomingAuditRecord[]): Promise<StoredAuditRecords> {
  if (incoming.length === 0) return { stored: 0, conflicts: [] };
  return inTransaction(pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [chainLockKey]);
    const ids = incoming.map((i) => i.record.id);
    const stored = await client.query<{ id: string; record: unknown }>(
      'SELECT id, record FROM admin_audit_log WHERE id = ANY($1::uuid[])',
      [ids],
    );
    const { fresh, conflicts } = splitBySeen(incoming, new Map(stored.rows.map((r) => [r.id, canonicalJson(r.record)])));
    if (conflicts.length > 0)
      await client.query(
        `INSERT INTO admin_audit_conflicts (topic, partition, "offset", id, signer, record)
         SELECT * FROM unnest($1::text[], $2::int[], $3::bigint[], $4::uuid[], $5::text[], $6::jsonb[])
         ON CONFLICT DO NOTHING`,
        [
          conflicts.map((c) => c.from.topic),
          conflicts.map((c) => c.from.partition),
          conflicts.map((c) => c.from.offset),
          conflicts.map((c) => c.record.id),
          conflicts.map((c) => c.signer),
          conflicts.map((c) => JSON.stringify(c.record)),
        ],
      );
    if (fresh.length === 0) return { stored: 0, conflicts };
    const last = await client.query<{ seq: string; hash: string }>('SELECT seq, hash FROM admin_audit_log ORDER BY seq DESC LIMIT 1');
    const rows = chainedRows(fresh, last.rows[0] ? Number(last.rows[0].seq) : 0, last.rows[0]?.hash ?? genesisHash);
    // A plain INSERT: an id stored meanwhile would be a second writer outside the lock, and a
    // row skipped by ON CONFLICT would break the chain, so that fails the batch (retried) instead.
    await client.query(
      `INSERT INTO admin_audit_log (seq, id, at, actor_kind, actor_id, action, target, result, record, prev_hash, hash, signer)
       SELECT * FROM unnest($1::bigint[], $2::uuid[], $3::timestamptz[], $4::text[], $5::text[], $6::text[], $7::text[],
                            $8::text[], $9::jsonb[], $10::text[], $11::text[], $12::text[])`,
      rows,
    );
    return { stored: fresh.length, conflicts };
  });
}

/**
 * The records not stored yet (`seen`: the stored ones' canonical texts by id), in order, the
 * first of a repeated id kept; and those whose id is stored (or repeated) with other content.
 */
function splitBySeen(
  incoming: IncomingAuditRecord[],
  seen: Map<string, string>,
): { fresh: IncomingAuditRecord[]; conflicts: IncomingAuditRecord[] } {
  const fresh: IncomingAuditRecord[] = [];
  const conflicts: IncomingAuditRecord[] = [];
  for (const item of incoming) {
    const content = canonicalJson(item.record);
    const earlier = seen.get(item.record.id);
    if (earlier !== undefined) {
      if (earlier !== content) conflicts.push(item);
      continue;
    }
    seen.set(item.record.id, content);
    fresh.push(item);
  }
  return { fresh, conflicts };
}

/** The columns of the rows that append `fresh` to the chain after `seq` and `prevHash`, each hashed over the one before. */
function chainedRows(fresh: IncomingAuditRecord[], seq: number, prevHash: string): unknown[][] {
  const rows: unknown[][] = [[], [], [], [], [], [], [], [], [], [], [], []];
  for (const { record, signer } of fresh) {
    seq += 1;
    const hash = chainHash(prevHash, record);
    const values = [
      seq,
      record.id,
      record.at,
      record.actor.kind,
      record.actor.id,
      record.action,
      record.target,
      record.result,
      JSON.stringify(record),
      prevHash,
      hash,
      signer,
    ];
    for (const [i, v] of values.entries()) rows[i]!.push(v);
    prevHash = hash;
  }
  return rows;
}

export interface AuditLogFilter {
  actor?: string;
  action?: AuditAction;
  target?: string;
  /** rejected: refused actions and refusals of authority. */
  result?: 'applied' | 'rejected';
  /** Inclusive. */
  from?: string;
  /** Exclusive. */
  to?: string;
  /**
   * Which records: the actions and refusals of the admin audit log's route (default), or the
   * services' own actions (admin.service-action.recorded: a `source` and result `applied`).
   */
  kind?: 'actions-and-refusals' | 'service-actions';
}

export interface AuditLogPageRows<E = AuditLogEntry> {
  entries: E[];
  /** The seq the next page starts below, or null when this one reached the end. */
  nextBefore: number | null;
}

/**
 * Newest first (seq desc), starting below `before`; one row more than asked tells whether another
 * page follows. The entries are of the kind the filter names: actions and refusals (AuditLogEntry),
 * or the services' own actions (ServiceActionLogEntry) with `kind: 'service-actions'`.
 */
export function findAuditPage(
  db: Queryable,
  filter: AuditLogFilter & { kind: 'service-actions' },
  limit: number,
  before: number | null,
): Promise<AuditLogPageRows<ServiceActionLogEntry>>;
export function findAuditPage(db: Queryable, filter: AuditLogFilter, limit: number, before: number | null): Promise<AuditLogPageRows>;
export async function findAuditPage(
  db: Queryable,
  filter: AuditLogFilter,
  limit: number,
  before: number | null,
): Promise<AuditLogPageRows<AuditLogEntry | ServiceActionLogEntry>> {
  const params: unknown[] = [];
  const where: string[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (filter.actor) where.push(`actor_id = ${param(filter.actor)}`);
  if (filter.action) where.push(`action = ${param(filter.action)}`);
  if (filter.target) where.push(`target = ${param(filter.target)}`);
  if (filter.result) where.push(`result = ${param(filter.result)}`);
  if (filter.from) where.push(`at >= ${param(filter.from)}::timestamptz`);
  if (filter.to) where.push(`at < ${param(filter.to)}::timestamptz`);
  if (before !== null) where.push(`seq < ${param(before)}::bigint`);
  const serviceAction = `(record ? 'source' AND result = 'applied')`;
  where.push(filter.kind === 'service-actions' ? serviceAction : `NOT ${serviceAction}`);
  const result = await db.query<{ seq: string; hash: string; record: AuditLogRecord }>(
    `SELECT seq, hash, record FROM admin_audit_log
      ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY seq DESC
      LIMIT ${param(limit + 1)}`,
    params,
  );
  const hasMore = result.rows.length > limit;
  // The kind's condition above decides which shape the records have.
  const page = (hasMore ? result.rows.slice(0, limit) : result.rows).map(
    (r) => ({ ...r.record, seq: Number(r.seq), hash: r.hash }) as AuditLogEntry | ServiceActionLogEntry,
  );
  return { entries: page, nextBefore: hasMore ? page[page.length - 1]!.seq : null };
}

export interface AuditChainReport {
  entries: number;
  /** The first entry that does not follow from the one before it; null when the chain holds. */
  broken: ChainBreak | null;
}

/** Recomputes the whole chain in seq order, a page at a time (npm run audit). */
export async function verifyAuditChain(db: Queryable, pageSize = 1000): Promise<AuditChainReport> {
  let previous = { seq: 0, hash: genesisHash };
  let entries = 0;
  for (;;) {
    const result = await db.query<{ seq: string; id: string; prev_hash: string; hash: string; record: unknown }>(
      'SELECT seq, id, prev_hash, hash, record FROM admin_audit_log WHERE seq > $1 ORDER BY seq LIMIT $2',
      [previous.seq, pageSize],
    );
    const links: ChainLink[] = result.rows.map((r) => ({
      seq: Number(r.seq),
      id: r.id,
      prevHash: r.prev_hash,
      hash: r.hash,
      record: r.record,
    }));
    const broken = firstBreak(links, previous);
    if (broken) return { entries: entries + links.findIndex((l) => l.seq === broken.seq), broken };
    entries += links.length;
    if (links.length < pageSize) return { entries, broken: null };
    const last = links[links.length - 1]!;
    previous = { seq: last.seq, hash: last.hash };
  }
}
