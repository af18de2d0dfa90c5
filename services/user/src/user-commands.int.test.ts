import { randomUUID } from 'node:crypto';
import { type Actor, type FourEyesAct, fourEyesActs, type Role, topicNames, type UserCommand } from '@coin/contracts';
import { createPool, schemaName, type Pool } from '@coin/db';
import { devServiceDatabaseUrl, serviceDatabases } from '../../../scripts/stack/services';
import { migrateServiceDatabase } from '../../../scripts/stack/provision';
import { testInfra, uniquePrefix } from '../../../test/harness/env';
import { createSuperadmin, revokeUserSessions } from './admin/operator';
import { createFirstSuperadmin } from './admin/superadmin';
import { applyUserCommand } from './apply/apply-user-command';
import type { UserCommandStore } from './apply/store';
import { createRefreshToken, newSessionOrigin } from './db/sessions-repo';
import { userCommandStore } from './db/user-command-store';
import { userEventMessage } from './db/user-events-outbox';
import { revocationAt, unpublishedRevocations } from './db/revocations-repo';

/**
 * The user-command store and the operator actions against real PostgreSQL (the user schema only):
 * the locks the last-SUPERADMIN rule relies on, rows ending as decided, one outbox row per event.
 */

const passwordHash = 'scrypt$32768$8$1$c2FsdHNhbHRzYWx0c2FsdA$a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2U';
const operator: Actor = { kind: 'operator', id: 'int-test' };
const clock = { now: () => new Date(), newId: randomUUID };
const meta = { grants: { expirySeconds: 3600, dailyRewardCapMaxMinor: 10_000_000, testClientsPerOwnerMax: 5 } };

function command<T extends UserCommand['type']>(
  type: T,
  actor: Actor,
  data: Extract<UserCommand, { type: T }>['data'],
  commandId = randomUUID(),
): UserCommand {
  return { commandId, type, issuedAt: new Date().toISOString(), actor, data } as UserCommand;
}

describe('user commands against PostgreSQL', () => {
  const prefix = uniquePrefix();
  const topics = topicNames(prefix);
  let pool: Pool;
  let store: UserCommandStore;
  let nextEmail = 0;

  beforeAll(async () => {
    const { databaseUrl } = testInfra();
    const schema = schemaName(prefix, serviceDatabases.user.schema);
    await migrateServiceDatabase({ databaseUrl, schema, service: 'user' });
    pool = createPool({
      url: devServiceDatabaseUrl(databaseUrl, 'user'),
      schema,
      applicationName: 'user-commands-int-test',
      connectionsMax: 4,
    });
    store = userCommandStore(pool, topics);
  });
  afterAll(async () => {
    await pool?.end();
  });

  async function register(role: 'USER' | 'SUPERADMIN' = 'USER'): Promise<number> {
    nextEmail += 1;
    const applied = await applyUserCommand(
      store,
      command('user.register', operator, { email: `u${nextEmail}@int.test`, passwordHash, fullName: 'Int' }),
      clock,
      meta,
    );
    const id = (applied.outcome.reply as { user: { id: number } }).user.id;
    if (role !== 'USER') await applyUserCommand(store, command('user.change-role', operator, { userId: id, role }), clock, meta);
    return id;
  }

  const rowOf = async (id: number) =>
    (
      await pool.query<{ role: string; token_version: number; email: string | null; deleted: boolean }>(
        'SELECT role, token_version, email, deleted_at IS NOT NULL AS deleted FROM users WHERE id = $1',
        [id],
      )
    ).rows[0];
  const outboxOf = async (id: number) =>
    (
      await pool.query<{ topic: string; key: string; headers: Record<string, string>; payload: any }>(
        'SELECT topic, key, headers, payload FROM outbox WHERE key = $1 ORDER BY id',
        [String(id)],
      )
    ).rows;
  const superadmins = async () =>
    Number((await pool.query("SELECT count(*) AS n FROM users WHERE role = 'SUPERADMIN' AND deleted_at IS NULL")).rows[0].n);

  it('when the only two SUPERADMINs are demoted at once, then one is refused LAST_SUPERADMIN and one SUPERADMIN remains', async () => {
    // Start from exactly two live SUPERADMINs in this schema.
    const [a, b] = [await register('SUPERADMIN'), await register('SUPERADMIN')];
    expect(await superadmins()).toBe(2);
    // The first demotion holds the SUPERADMIN set a while after counting it: without that lock the
    // second would count two as well, and both would go.
    let first = true;
    const slowStore: UserCommandStore = {
      transaction: (work) =>
        store.transaction((tx) =>
          work({
            ...tx,
            lockSuperadminSet: async () => {
              const count = await tx.lockSuperadminSet();
              if (first) {
                first = false;
                await new Promise((resolve) => setTimeout(resolve, 300));
              }
              return count;
            },
          }),
        ),
    };
    const results = await Promise.all(
      [a, b].map((userId) => applyUserCommand(slowStore, command('user.change-role', operator, { userId, role: 'ADMIN' }), clock, meta)),
    );
    expect(results.map((r) => r.outcome.ok).sort()).toEqual([false, true]);
    expect(results.find((r) => !r.outcome.ok)!.outcome.reply).toEqual({
      code: 'LAST_SUPERADMIN',
      detail: 'The last SUPERADMIN cannot be demoted',
    });
    expect(await superadmins()).toBe(1);
  });

  it('when a role changes, then the row, the reply and the outbox event agree, and a redelivery changes nothing more', async () => {
    const id = await register();
    const cmd = command('user.change-role', operator, { userId: id, role: 'DEVELOPER' });
    const applied = await applyUserCommand(store, cmd, clock, meta);
    expect(applied.outcome).toEqual({ ok: true, reply: { user: { id, role: 'DEVELOPER' }, tokenVersion: 1 } });
    expect(await rowOf(id)).toMatchObject({ role: 'DEVELOPER', token_version: 1 });
    const rows = await outboxOf(id);
    expect(rows.map((r) => r.payload.type)).toEqual(['user.registered', 'user.role-changed']);
    const { topic, key, headers, payload } = applied.outbox[0]!;
    expect(rows[1]).toEqual({ topic, key, headers, payload });
    expect(rows[1]).toEqual(userEventMessage(topics, payload as any));
    expect(payload).toMatchObject({ user: { id, role: 'DEVELOPER', tokenVersion: 1 }, previousRole: 'USER' });

    const again = await applyUserCommand(store, cmd, clock, meta);
    // Answered from the stored outcome, and marked so (the gateway's Idempotent-Replayed).
    expect(again).toEqual({ outcome: { ...applied.outcome, replayed: true }, outbox: [] });
    expect(await rowOf(id)).toMatchObject({ token_version: 1 });
    expect(await outboxOf(id)).toHaveLength(2);
  });

  it('when a user is deleted, then the row is a tombstone, refresh tokens are revoked, and user.deleted names the account by id only', async () => {
    const id = await register();
    await createRefreshToken(pool, id, { ttlSeconds: 3600, maxAgeSeconds: 3600 }, newSessionOrigin(new Date(), null));
    const applied = await applyUserCommand(store, command('user.delete', operator, { userId: id }), clock, meta);
    expect(applied.outcome).toEqual({ ok: true, reply: { userId: id, tokenVersion: 1 } });
    expect(await rowOf(id)).toMatchObject({ email: null, deleted: true, token_version: 1 });
    const live = await pool.query('SELECT 1 FROM refresh_tokens WHERE user_id = $1 AND revoked_at IS NULL', [id]);
    expect(live.rowCount).toBe(0);
    expect((await outboxOf(id)).at(-1)!.payload).toMatchObject({
      type: 'user.deleted',
      version: 2,
      user: { id, role: 'USER', tokenVersion: 1 },
    });
    expect(JSON.stringify((await outboxOf(id)).map((r) => r.payload))).not.toContain(`u${nextEmail}@int.test`);
    const gone = await applyUserCommand(store, command('user.revoke-sessions', operator, { userId: id }), clock, meta);
    expect(gone.outcome).toEqual({ ok: false, reply: { code: 'USER_NOT_FOUND', detail: 'No such user' } });
  });

  it('when an operator promotes an existing account (only when asked) and revokes its sessions, then each writes its row and one outbox event', async () => {
    const id = await register();
    const email = `u${nextEmail}@int.test`;
    // Never silently: the account's registrant chose its password.
    await expect(createSuperadmin(pool, { email, password: 'irrelevant-password', topicPrefix: prefix, now: new Date() })).rejects.toThrow(
      /--promote-existing/,
    );
    expect(await rowOf(id)).toMatchObject({ role: 'USER', token_version: 0 });
    expect(
      await createSuperadmin(pool, {
        email: email.toUpperCase(),
        password: 'irrelevant-password',
        topicPrefix: prefix,
        now: new Date(),
        promoteExisting: true,
      }),
    ).toEqual({
      outcome: 'promoted',
      userId: id,
    });
    expect(await createSuperadmin(pool, { email, password: 'irrelevant-password', topicPrefix: prefix, now: new Date() })).toEqual({
      outcome: 'unchanged',
      userId: id,
    });
    expect(await revokeUserSessions(pool, { userId: id, topicPrefix: prefix, now: new Date() })).toEqual({ tokenVersion: 2 });
    expect(await revokeUserSessions(pool, { userId: 987654321, topicPrefix: prefix, now: new Date() })).toBeNull();
    expect(await rowOf(id)).toMatchObject({ role: 'SUPERADMIN', token_version: 2 });
    const events = (await outboxOf(id)).map((r) => [r.topic, r.headers.type, r.payload.user.tokenVersion]);
    expect(events).toEqual([
      [topics.userEventsV2, 'user.registered', 0],
      [topics.userEventsV2, 'user.role-changed', 1],
      [topics.userEventsV2, 'user.sessions-revoked', 2],
    ]);
    // Each operator action that changed something is in the admin audit log, in its transaction (the outbox).
    const audit = await pool.query<{ payload: { record: { action: string; actor: { kind: string }; target: string } } }>(
      "SELECT payload FROM outbox WHERE topic = $1 AND payload->'record'->>'target' = $2 ORDER BY id",
      [topics.adminAudit, `user:${id}`],
    );
    expect(audit.rows.map((r) => [r.payload.record.action, r.payload.record.actor.kind])).toEqual([
      ['user.change-role', 'operator'],
      ['sessions.revoke', 'operator'],
    ]);
  });

  it('when an operator creates a new SUPERADMIN, then it is registered with its event; a bootstrap then finds one exists', async () => {
    const created = await createSuperadmin(pool, {
      email: 'boss@int.test',
      password: 'irrelevant-password',
      topicPrefix: prefix,
      now: new Date(),
    });
    expect(created.outcome).toBe('created');
    expect((await outboxOf(created.userId)).map((r) => r.payload)).toMatchObject([
      { type: 'user.registered', user: { role: 'SUPERADMIN', tokenVersion: 0 } },
    ]);
    expect(
      await createFirstSuperadmin(pool, { email: 'first@int.test', password: 'irrelevant-password', topicPrefix: prefix, now: new Date() }),
    ).toBe('exists');
  });

  it('when a token version rises, by a command or the operator CLI, then the rise is recorded with its time, and the version as of a time is what it was then', async () => {
    const id = await register('SUPERADMIN');
    const subject = `user:${id}`;
    const before = new Date();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await revokeUserSessions(pool, { userId: id, topicPrefix: prefix, now: new Date() });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const between = new Date();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await applyUserCommand(store, command('user.change-role', operator, { userId: id, role: 'ADMIN' }), clock, meta);
    // One rise for the registration's change to SUPERADMIN, one for the CLI's logout-all, one for the demotion.
    const rows = (await unpublishedRevocations(pool, 1000)).filter((r) => r.subject === subject);
    expect(rows.map((r) => r.versionAfter)).toEqual([1, 2, 3]);
    expect(await revocationAt(pool, subject, before)).toEqual({ minTokenVersion: 1, revoked: true });
    expect(await revocationAt(pool, subject, between)).toEqual({ minTokenVersion: 2, revoked: true });
    expect(await revocationAt(pool, subject, new Date())).toEqual({ minTokenVersion: 3, revoked: true });
    expect(await revocationAt(pool, `user:${id + 100000}`, new Date())).toEqual({ minTokenVersion: null, revoked: false });
  });
  /**
   * The second person's rule from each user row of the four-eyes table (its `deciders`, its
   * `subject`), judged by the user service where it applies the act: for every act it keeps, a
   * request asked by one SUPERADMIN, then its approval by the requester, by the person it is about,
   * by a role the row does not name and by someone promoted after the request, each refused and
   * recorded in the admin audit log; a decider eligible since before then approves it.
   */
  describe('the four-eyes acts the user service applies', () => {
    const userActs = (Object.keys(fourEyesActs) as FourEyesAct[]).filter((act) => fourEyesActs[act].service === 'user');
    const asUser = (id: number, role: Role): Actor => ({ kind: 'user', id: String(id), role });
    const promote = (id: number, role: Role) =>
      applyUserCommand(store, command('user.change-role', operator, { userId: id, role }), clock, meta);
    const replyOf = (applied: Awaited<ReturnType<typeof applyUserCommand>>) => applied.outcome.reply as any;

    /** How each act's request is raised, and who it is about (made before the request, with the deciding role). */
    const raises: Partial<Record<FourEyesAct, (requester: Actor) => Promise<{ approve: (actor: Actor) => UserCommand; subject: Actor }>>> =
      {
        // The demotion of a SUPERADMIN: about that SUPERADMIN.
        grant: async (requester) => {
          const subject = await register('SUPERADMIN');
          const asked = replyOf(
            await applyUserCommand(store, command('user.change-role', requester, { userId: subject, role: 'USER' }), clock, meta),
          );
          return {
            approve: (actor) => command('user.approve-grant', actor, { requestId: asked.grantRequest.id }),
            subject: asUser(subject, 'SUPERADMIN'),
          };
        },
        // The verification of an ADMIN: about that ADMIN.
        verification: async (requester) => {
          const subject = await register();
          await promote(subject, 'ADMIN');
          const data = { userId: subject, verified: true, reason: 'Identity document checked', asRequest: true as const };
          const asked = replyOf(await applyUserCommand(store, command('user.set-verification', requester, data), clock, meta));
          return {
            approve: (actor) => command('user.approve-grant', actor, { requestId: asked.grantRequest.id }),
            subject: asUser(subject, 'ADMIN'),
          };
        },
        // A live client's reward cap change: about the people behind the client (the subject asked for it, a co-signer approved it).
        'reward-cap': async (requester) => {
          const subject = asUser(await register('SUPERADMIN'), 'SUPERADMIN');
          const cosigner = asUser(await register('SUPERADMIN'), 'SUPERADMIN');
          nextEmail += 1;
          const clientId = `pc_capint${nextEmail}`;
          const hashes = { secretHash: 'a'.repeat(64), requestHash: 'b'.repeat(64) };
          const data = { clientId, name: 'capped', treasuries: ['REWARDS' as const], ...hashes };
          const client = replyOf(await applyUserCommand(store, command('user.platform-client.create', subject, data), clock, meta));
          await applyUserCommand(store, command('user.approve-grant', cosigner, { requestId: client.grantRequest.id }), clock, meta);
          const cap = { clientId, dailyRewardCap: 50_000 };
          const asked = replyOf(await applyUserCommand(store, command('user.platform-client.set-reward-cap', requester, cap), clock, meta));
          return { approve: (actor) => command('user.approve-grant', actor, { requestId: asked.grantRequest.id }), subject };
        },
      };
    const notHere: Partial<Record<FourEyesAct, string>> = {
      deletion:
        "raising one needs the ledger's balance of the user and the deletion policy this file's store is not given; its requester, subject and a decider promoted after it are refused in test/e2e/four-eyes-insider.test.ts, and by deletion-requests.unit.test.ts",
      'callback-secret':
        "about no person; its requester and a decider promoted after it are refused by the same approve-grant as a grant's (test/e2e/four-eyes-insider.test.ts walks its row)",
    };

    it('when the table has a user act, then this file raises it or says why not (exactly these)', () => {
      expect(userActs.filter((act) => raises[act] === undefined && notHere[act] === undefined)).toEqual([]);
    });

    /** The error codes of `actor`'s refused actions recorded for the admin audit log (in the outbox with the outcome). */
    const refusalsRecorded = async (actor: Actor) =>
      (
        await pool.query<{ code: string | null }>(
          "SELECT payload->'record'->>'errorCode' AS code FROM outbox WHERE topic = $1 AND payload->'record'->'actor'->>'id' = $2 AND payload->'record'->>'result' = 'rejected'",
          [topics.adminAudit, actor.id],
        )
      ).rows.map((r) => r.code);

    it.each(userActs.filter((act) => raises[act] !== undefined))(
      'when a %s request is approved by its requester, the person it is about, a role its row does not name or someone promoted after it, then each is refused and recorded, and an eligible decider approves it',
      async (act) => {
        const deciders = fourEyesActs[act].deciders;
        const requester = asUser(await register('SUPERADMIN'), 'SUPERADMIN');
        // Eligible since before the request: the deciding role, taken now.
        const second = asUser(await register('SUPERADMIN'), 'SUPERADMIN');
        const lower = await register();
        await promote(lower, deciders === 'SUPERADMIN' ? 'ADMIN' : 'DEVELOPER');
        const raised = await raises[act]!(requester);
        const promoted = await register();
        await promote(promoted, deciders === 'SUPERADMIN' ? 'SUPERADMIN' : 'ADMIN');
        const tries: Array<{ who: string; actor: Actor; code: string }> = [
          { who: 'requester', actor: requester, code: 'APPROVAL_BY_REQUESTER' },
          { who: 'subject', actor: raised.subject, code: 'SELF_DEALING' },
          { who: 'wrong role', actor: asUser(lower, deciders === 'SUPERADMIN' ? 'ADMIN' : 'DEVELOPER'), code: 'FORBIDDEN' },
          {
            who: 'promoted after',
            actor: asUser(promoted, deciders === 'SUPERADMIN' ? 'SUPERADMIN' : 'ADMIN'),
            code: 'APPROVER_NOT_ELIGIBLE',
          },
        ];
        for (const { who, actor, code } of tries) {
          const approval = raised.approve(actor);
          const applied = await applyUserCommand(store, approval, clock, meta);
          expect({ act, who, code: applied.outcome.ok ? 'applied' : replyOf(applied).code }).toEqual({ act, who, code });
          expect({ act, who, recorded: await refusalsRecorded(actor) }).toEqual({ act, who, recorded: [code] });
        }
        const approved = await applyUserCommand(store, raised.approve(second), clock, meta);
        expect({ act, ok: approved.outcome.ok }).toEqual({ act, ok: true });
      },
    );
  });
});
