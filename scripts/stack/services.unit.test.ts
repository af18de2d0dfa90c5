import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { devRolePassword, devServiceDatabaseUrl, repoRoot, serviceDatabases } from './services';

describe('the roles and grants table', () => {
  const rows = Object.entries(serviceDatabases);

  it('when read, then records that must never change once written are SELECT and INSERT only', () => {
    expect(serviceDatabases.ledger.grants.transactions).toEqual(['SELECT', 'INSERT']);
    expect(serviceDatabases.ledger.grants.entries).toEqual(['SELECT', 'INSERT']);
    expect(serviceDatabases.ledger.grants.processed_commands).toEqual(['SELECT', 'INSERT']);
    expect(serviceDatabases.history.grants.admin_audit_log).toEqual(['SELECT', 'INSERT']);
    expect(serviceDatabases.history.grants.admin_audit_checkpoints).toEqual(['SELECT', 'INSERT']);
    // The tables statements are read from: the live projection only adds rows; repairs and resets are the rebuild role's.
    expect(serviceDatabases.history.grants.history_entries).toEqual(['SELECT', 'INSERT']);
    expect(serviceDatabases.history.grants.history_transactions).toEqual(['SELECT', 'INSERT']);
    expect(serviceDatabases.history.rebuild.grants.history_entries).not.toContain('DELETE');
    expect(serviceDatabases.history.rebuild.grants.admin_audit_log).toEqual([]);
  });

  it('when the history migration that guards the projection is read, then it names the rebuild role of the table (its triggers let that role alone repair and reset)', () => {
    const sql = readFileSync(join(repoRoot, 'services/history/migrations/007_projection_writers.sql'), 'utf8');
    expect(sql).toContain(`current_user = '${serviceDatabases.history.rebuild.role}'`);
  });

  it('when read, then every service has its own owner and runtime role, all different, and no role of the old single-role scheme', () => {
    const roles = rows.flatMap(([, db]) => [db.owner, db.runtime, ...('rebuild' in db ? [db.rebuild.role] : [])]);
    expect(new Set(roles).size).toBe(roles.length);
    for (const [service, db] of rows) {
      expect(db.owner).toBe(`coin_${service}_owner`);
      expect(db.runtime).toBe(`coin_${service}_app`);
    }
  });

  it('when docs/operations/deployment.md is read, then its roles and grants table lists every role and every table with exactly these privileges', () => {
    const doc = readFileSync(join(repoRoot, 'docs/operations/deployment.md'), 'utf8');
    const section = doc.slice(doc.indexOf('## Database roles and grants'));
    for (const [, db] of rows) {
      for (const [table, privileges] of Object.entries(db.grants)) {
        const line = `| \`${db.schema}\` | \`${table}\` | ${privileges.length > 0 ? privileges.join(', ') : 'none'} |`;
        expect({ table, line: section.includes(line) }).toEqual({ table, line: true });
      }
      expect(section).toContain(`\`${db.owner}\``);
      expect(section).toContain(`\`${db.runtime}\``);
      if ('rebuild' in db) {
        for (const [table, privileges] of Object.entries(db.rebuild.grants)) {
          const line = `| \`${db.schema}\` | \`${table}\` | ${privileges.length > 0 ? privileges.join(', ') : 'none'} | \`${db.rebuild.role}\` |`;
          expect({ table, line: section.includes(line) }).toEqual({ table, line: true });
        }
      }
    }
  });

  it('when a development password is derived, then it depends on the admin password and the role, and it is in no file of the repository', () => {
    const admin = 'postgres://coin_admin:secret-one@127.0.0.1:5432/coin';
    const password = devRolePassword(admin, 'coin_ledger_app');
    expect(password).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(devRolePassword(admin, 'coin_user_app')).not.toBe(password);
    expect(devRolePassword(admin.replace('secret-one', 'secret-two'), 'coin_ledger_app')).not.toBe(password);
    expect(new URL(devServiceDatabaseUrl(admin, 'ledger'))).toMatchObject({ username: 'coin_ledger_app', password });
  });
});
