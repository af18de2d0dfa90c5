import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { renderScreen } from '../../test/fake-console';
import { HoldsScreen } from '../screens/holds';
import { MandatesScreen } from '../screens/mandates';

/** A page of a payer and status list with no row: what is asked is the test, not what comes back. */
const emptyPage = (key: string) => ({ [key]: [], pagination: { limit: 25, offset: 0, total: 60 }, hasMore: true, nextCursor: null });

const lists: Array<{ noun: string; screen: ReactElement; operation: 'listHolds' | 'listMandates'; status: string }> = [
  { noun: 'holds', screen: <HoldsScreen />, operation: 'listHolds', status: 'CAPTURED' },
  { noun: 'mandates', screen: <MandatesScreen />, operation: 'listMandates', status: 'PAST_DUE' },
];

describe.each(lists)('the $noun list (PayerStatusList)', ({ noun, screen: list, operation, status }) => {
  const render = () => {
    const asked = jest.fn(async (_input: unknown) => emptyPage(noun));
    renderScreen(list, { [operation]: asked });
    return asked;
  };

  it('when the filter names a payer and a status, then the list asks for them from its first page', async () => {
    const asked = render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Next →' }));
    expect(asked).toHaveBeenLastCalledWith({ query: { limit: '25', offset: '25' } });
    const filters = screen.getByRole('form', { name: `Filter ${noun}` });
    await user.type(within(filters).getByLabelText("Payer's user id"), '12');
    await user.selectOptions(within(filters).getByLabelText('Status'), status);
    await user.click(within(filters).getByRole('button', { name: 'Filter' }));
    expect(asked).toHaveBeenLastCalledWith({ query: { limit: '25', offset: '0', userId: '12', status } });
  });

  it('when the form sends a status the list does not offer (a tampered page), then the list asks for any status', async () => {
    const asked = render();
    const filters = await screen.findByRole('form', { name: `Filter ${noun}` });
    const select = within(filters).getByLabelText<HTMLSelectElement>('Status');
    select.append(new Option('DROP TABLE', 'DROP TABLE'));
    const user = userEvent.setup();
    await user.selectOptions(select, 'DROP TABLE');
    await user.click(within(filters).getByRole('button', { name: 'Filter' }));
    expect(asked).toHaveBeenLastCalledWith({ query: { limit: '25', offset: '0' } });
    expect(asked.mock.calls.every(([input]) => !JSON.stringify(input).includes('DROP'))).toBe(true);
  });
});
