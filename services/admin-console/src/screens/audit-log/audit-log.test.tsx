import type { OperationResult } from '@coin/client';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderScreen } from '../../../test/fake-console';
import { AuditLogScreen } from '.';
import { exportedCsv } from '../../../test/export';

type Entries = OperationResult<'listAuditLog'>;
const entry = (id: string, action: string) => ({
  id,
  at: '2026-03-01T10:00:00.000Z',
  actor: { kind: 'user', id: '2', role: 'ADMIN' },
  action,
  target: 'user:7',
  summary: { amount: 5 },
  result: 'applied',
  errorCode: null,
  requestId: 'req-9',
  seq: 1,
  hash: 'h',
});

describe('audit log screen', () => {
  it('when entries load, then each is a row; a filter is sent as given and Next follows the cursor', async () => {
    const listAuditLog = jest.fn(
      async (_input: unknown) => ({ entries: [entry('e1', 'money.mint')], nextCursor: 'c2', hasMore: true }) as Entries,
    );
    renderScreen(<AuditLogScreen />, { listAuditLog }, { path: '/audit-log?target=user:7' });
    const table = await screen.findByRole('table', { name: 'Audit log entries' });
    expect(within(table).getByText('money.mint')).toBeTruthy();
    expect(listAuditLog).toHaveBeenCalledWith({ query: { limit: '50', target: 'user:7' } });
    const ui = userEvent.setup();
    await ui.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'money.burn');
    await ui.click(screen.getByRole('button', { name: 'Filter' }));
    expect(listAuditLog).toHaveBeenLastCalledWith({ query: { limit: '50', action: 'money.burn', target: 'user:7' } });
    await screen.findByRole('table', { name: 'Audit log entries' });
    await ui.click(screen.getByRole('button', { name: 'Next →' }));
    expect(listAuditLog).toHaveBeenLastCalledWith({ query: { limit: '50', action: 'money.burn', target: 'user:7', cursor: 'c2' } });
    expect(await screen.findByText('Page 2')).toBeTruthy();
  });

  it('when the filtered log is exported, then every page is read with the filter and each entry is a row, its summary one JSON cell', async () => {
    const listAuditLog = jest.fn(
      async (input: { query: { cursor?: string } }) =>
        (input.query.cursor
          ? { entries: [entry('e2', 'money.burn')], nextCursor: null, hasMore: false }
          : { entries: [entry('e1', 'money.mint')], nextCursor: 'c2', hasMore: true }) as Entries,
    );
    renderScreen(<AuditLogScreen />, { listAuditLog } as never, { path: '/audit-log?target=user:7' });
    await screen.findByRole('table', { name: 'Audit log entries' });
    const { lines } = await exportedCsv('audit-log');
    expect(listAuditLog).toHaveBeenLastCalledWith({ query: { limit: '1000', target: 'user:7', cursor: 'c2' } });
    expect(lines).toEqual([
      'id,at,actor.kind,actor.id,actor.role,action,target,summary,result,errorCode,requestId,seq,hash',
      'e1,2026-03-01T10:00:00.000Z,user,2,ADMIN,money.mint,user:7,"{""amount"":5}",applied,,req-9,1,h',
      'e2,2026-03-01T10:00:00.000Z,user,2,ADMIN,money.burn,user:7,"{""amount"":5}",applied,,req-9,1,h',
    ]);
  });
});
