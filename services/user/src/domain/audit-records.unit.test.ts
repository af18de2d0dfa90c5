import { adminActionRecorded, type Actor, type UserCommand } from '@coin/contracts';
import { rejected } from '@coin/errors';
import { auditRecordId, operatorAuditRecord } from './audit-records';
import { auditRecordOfCommand } from './commands/audit';

const at = new Date('2030-05-01T10:00:00.000Z');
const superadmin: Actor = { kind: 'user', id: '1', role: 'SUPERADMIN' };
const keyHash = 'c'.repeat(64);
let seq = 0;

function command<T extends UserCommand['type']>(type: T, actor: Actor, data: Extract<UserCommand, { type: T }>['data']): UserCommand {
  return {
    commandId: `10000000-0000-4000-8000-${String(++seq).padStart(12, '0')}`,
    type,
    issuedAt: at.toISOString(),
    actor,
    data,
  } as UserCommand;
}

const context = { at, requestId: 'req-9' };
const ok = (result: unknown = {}, events: never[] = []) => ({ ok: true as const, result, events });

describe('the user service audit records (auditRecordOfCommand)', () => {
  it('when a SUPERADMIN creates an API key, then the record has its id, name, scopes and owner and no trace of the key hash', () => {
    const create = command('user.api-key.create', superadmin, { name: 'Shop', scopes: ['mint'], keyHash, ownerUserId: 7 });
    const record = auditRecordOfCommand(
      create,
      ok({ id: 'e1c7a3f2-0000-4000-8000-000000000001', name: 'Shop', scopes: ['mint'] }),
      context,
    )!;
    expect(record).toEqual({
      id: auditRecordId(create.commandId, 'api-key.create'),
      at: at.toISOString(),
      actor: superadmin,
      action: 'api-key.create',
      target: 'api-key:e1c7a3f2-0000-4000-8000-000000000001',
      summary: { name: 'Shop', scopes: ['mint'], ownerUserId: 7 },
      result: 'applied',
      errorCode: null,
      requestId: 'req-9',
    });
    expect(JSON.stringify(record)).not.toContain(keyHash);
    expect(
      adminActionRecorded.safeParse({ eventId: record.id, type: 'admin.action.recorded', version: 1, occurredAt: record.at, record })
        .success,
    ).toBe(true);
  });

  it('when an API key is revoked, then the record names the key and not the hash the reply carries', () => {
    const revoke = command('user.api-key.revoke', superadmin, { id: 'e1c7a3f2-0000-4000-8000-000000000002' });
    const record = auditRecordOfCommand(revoke, ok({ id: 'e1c7a3f2-0000-4000-8000-000000000002', keyHash }), context)!;
    expect(record).toMatchObject({ action: 'api-key.revoke', target: 'api-key:e1c7a3f2-0000-4000-8000-000000000002', summary: {} });
    expect(JSON.stringify(record)).not.toContain(keyHash);
  });

  it('when a role change is refused (the last SUPERADMIN), then it is recorded as rejected with the code', () => {
    const change = command('user.change-role', superadmin, { userId: 1, role: 'ADMIN' });
    const record = auditRecordOfCommand(change, rejected('LAST_SUPERADMIN', 'no'), context);
    expect(record).toMatchObject({
      action: 'user.change-role',
      target: 'user:1',
      summary: { role: 'ADMIN' },
      result: 'rejected',
      errorCode: 'LAST_SUPERADMIN',
    });
  });

  it('when a role changes, then the summary has the new and the previous role', () => {
    const change = command('user.change-role', superadmin, { userId: 7, role: 'ADMIN' });
    const event = {
      type: 'user.role-changed',
      previousRole: 'USER',
      user: { id: 7, email: 'a@example.com', role: 'ADMIN', tokenVersion: 1 },
      eventId: 'x',
      version: 1,
      occurredAt: at.toISOString(),
    };
    expect(auditRecordOfCommand(change, { ok: true, result: {}, events: [event as never] }, context)?.summary).toEqual({
      role: 'ADMIN',
      previousRole: 'USER',
    });
  });

  it('when a user deletes an account, then it is recorded; a registration is not an admin action', () => {
    expect(auditRecordOfCommand(command('user.delete', superadmin, { userId: 7 }), ok(), context)).toMatchObject({
      action: 'user.delete',
      target: 'user:7',
    });
    const register = command(
      'user.register',
      { kind: 'user', id: 'anonymous' },
      {
        email: 'a@example.com',
        passwordHash: 'scrypt$hash',
        fullName: 'A',
      },
    );
    expect(auditRecordOfCommand(register, ok(), context)).toBeNull();
  });

  it('when users log themselves out everywhere, then it is no admin action; when someone else revokes their sessions, then it is', () => {
    const self = command('user.revoke-sessions', { kind: 'user', id: '7', role: 'USER' }, { userId: 7 });
    expect(auditRecordOfCommand(self, ok(), context)).toBeNull();
    const other = command('user.revoke-sessions', superadmin, { userId: 7 });
    expect(auditRecordOfCommand(other, ok(), context)).toMatchObject({ action: 'sessions.revoke', target: 'user:7', actor: superadmin });
  });
});

describe('operator audit records (operatorAuditRecord)', () => {
  it('then a create-client record has the client and its name, no request id, and the operator as actor', () => {
    const record = operatorAuditRecord({
      id: '20000000-0000-4000-8000-000000000001',
      at,
      operator: { kind: 'operator', id: 'alice' },
      action: 'platform-client.create',
      target: 'client:pc_abc',
      summary: { name: 'tournaments' },
    });
    expect(record).toEqual({
      id: '20000000-0000-4000-8000-000000000001',
      at: at.toISOString(),
      actor: { kind: 'operator', id: 'alice' },
      action: 'platform-client.create',
      target: 'client:pc_abc',
      summary: { name: 'tournaments' },
      result: 'applied',
      errorCode: null,
      requestId: null,
    });
  });
});
