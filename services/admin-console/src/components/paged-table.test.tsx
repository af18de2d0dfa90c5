import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { problem } from '../../test/fake-console';
import { useLoad } from '../hooks/use-load';
import { type Column, cursorPaging, PagedTable } from './paged-table';

interface Fruit {
  id: string;
  name: string;
  price: number;
}

interface FruitPage {
  fruits: Fruit[];
  nextCursor: string | null;
}

const columns: readonly Column<Fruit>[] = [
  { key: 'name', header: 'Name', cell: (fruit) => <strong>{fruit.name}</strong> },
  { key: 'price', header: 'Price', numeric: true, cell: (fruit) => fruit.price },
];

/** A cursor-paged list as the screens hold it: a stack of the cursors that led to the current page. */
function Fruits({ list }: { list: (cursor: string | undefined) => Promise<FruitPage> }) {
  const [stack, setStack] = useState<string[]>([]);
  const load = useLoad(() => list(stack.at(-1)), [stack]);
  return (
    <PagedTable
      load={load}
      caption="Fruits"
      columns={columns}
      rows={(data) => data.fruits}
      rowKey={(fruit) => fruit.id}
      empty="No fruit."
      paging={(data) => cursorPaging(stack, data.nextCursor, setStack)}
    />
  );
}

const pages: Record<string, FruitPage> = {
  first: { fruits: [{ id: 'a', name: 'apple', price: 3 }], nextCursor: 'c2' },
  c2: { fruits: [{ id: 'b', name: 'banana', price: 5 }], nextCursor: null },
};

describe('PagedTable', () => {
  it('when rows load, then each is a row of its column cells under the headers, with numbers right-aligned', async () => {
    render(<Fruits list={async (cursor) => pages[cursor ?? 'first']!} />);
    const table = await screen.findByRole('table', { name: 'Fruits' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Name', 'Price']);
    expect(within(table).getByRole('columnheader', { name: 'Price' }).className).toBe('num');
    const cells = within(table).getAllByRole('cell');
    expect(cells.map((td) => td.textContent)).toEqual(['apple', '3']);
    expect(cells[1]!.className).toBe('num');
    expect(within(cells[0]!).getByText('apple').tagName).toBe('STRONG');
  });

  it('when the pager moves forward and back, then it asks for the next cursor and then the first page again', async () => {
    const list = jest.fn(async (cursor: string | undefined) => pages[cursor ?? 'first']!);
    render(<Fruits list={list} />);
    const pager = await screen.findByRole('navigation', { name: 'Pages' });
    expect(within(pager).getByRole('button', { name: '← Previous' })).toHaveProperty('disabled', true);
    const user = userEvent.setup();
    await user.click(within(pager).getByRole('button', { name: 'Next →' }));
    expect(await screen.findByText('banana')).toBeTruthy();
    expect(screen.getByText('Page 2')).toBeTruthy();
    expect(list).toHaveBeenLastCalledWith('c2');
    expect(screen.getByRole('button', { name: 'Next →' })).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('button', { name: '← Previous' }));
    expect(await screen.findByText('apple')).toBeTruthy();
    expect(screen.getByText('Page 1')).toBeTruthy();
    expect(list).toHaveBeenLastCalledWith(undefined);
  });

  it('when there is no row, then one cell across every column says so', async () => {
    render(<Fruits list={async () => ({ fruits: [], nextCursor: null })} />);
    const empty = await screen.findByRole('cell', { name: 'No fruit.' });
    expect(empty.getAttribute('colspan')).toBe('2');
  });

  it('while the load is out it says Loading…, and when it is refused, then the problem shows and no table', async () => {
    let refuse: (error: unknown) => void = () => undefined;
    render(<Fruits list={() => new Promise((_, reject) => (refuse = reject))} />);
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    refuse(problem(403, 'FORBIDDEN', 'Forbidden'));
    expect((await screen.findByRole('alert')).textContent).toContain('Forbidden');
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
