import type { OperationResult } from '@coin/client';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { problem, renderScreen } from '../../../test/fake-console';
import { treasury } from '../../../test/fixtures';
import { TreasuriesScreen } from '.';

type Supply = OperationResult<'getSupplyReport'>;
const supply = (overrides: Partial<Supply> = {}): Supply =>
  ({
    consistent: true,
    minted: 100,
    burned: 10,
    supply: 90,
    balances: 90,
    inFlight: 0,
    discrepancy: 0,
    heldCoins: 4,
    wallets: 3,
    transactions: 12,
    creditLegs: {
      maxAgeSeconds: 60,
      inFlight: { count: 0, amount: 0 },
      young: { count: 0, amount: 0 },
      stale: { count: 0, amount: 0 },
      oldestAgeSeconds: null,
      staleTransactionIds: [],
    },
    mismatchedWallets: [],
    mismatchedHolds: [],
    overRefundedPurchases: [],
    badCaptures: [],
    ...overrides,
  }) as Supply;

describe('treasuries screen', () => {
  it('when treasuries and the supply audit load, then balances and the consistency are shown; Refresh loads both again', async () => {
    const listTreasuries = jest.fn(async () => ({ treasuries: [treasury('REWARDS', 1234.5)] }));
    const getSupplyReport = jest.fn(async () => supply());
    renderScreen(<TreasuriesScreen />, { listTreasuries, getSupplyReport });
    const table = await screen.findByRole('table', { name: 'Treasuries' });
    expect(within(table).getByRole('row', { name: /REWARDS/ }).textContent).toContain('1,234.50');
    expect((await screen.findByTestId('supply-consistent')).textContent).toContain('✓ Consistent');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Refresh' }));
    expect(listTreasuries).toHaveBeenCalledTimes(2);
    expect(getSupplyReport).toHaveBeenCalledTimes(2);
  });

  it('when credit legs are stale, then an alert names their transactions', async () => {
    renderScreen(<TreasuriesScreen />, {
      listTreasuries: async () => ({ treasuries: [] }),
      getSupplyReport: async () =>
        supply({
          consistent: false,
          creditLegs: {
            maxAgeSeconds: 60,
            inFlight: { count: 2, amount: 7 },
            young: { count: 0, amount: 0 },
            stale: { count: 2, amount: 7 },
            oldestAgeSeconds: 300,
            staleTransactionIds: [81, 82],
          },
        }),
    });
    expect((await screen.findByTestId('credit-legs-stale')).textContent).toContain('transactions 81, 82');
    expect(screen.getByTestId('supply-consistent').textContent).toContain('✗ Not consistent');
  });

  it('when the supply audit is refused, then its problem is shown and the treasuries still are', async () => {
    renderScreen(<TreasuriesScreen />, {
      listTreasuries: async () => ({ treasuries: [treasury('OPERATIONS', 5)] }),
      getSupplyReport: async () => Promise.reject(problem(503, 'UNAVAILABLE', 'Service unavailable')),
    });
    expect((await screen.findByRole('alert')).textContent).toContain('UNAVAILABLE');
    expect(await screen.findByRole('table', { name: 'Treasuries' })).toBeTruthy();
  });
});
