import type { OperationResult } from '@coin/client';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderScreen } from '../../../test/fake-console';
import { AuditLogScreen } from '.';

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
});
