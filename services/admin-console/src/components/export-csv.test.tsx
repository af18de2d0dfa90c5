import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { problem } from '../../test/fake-console';
import { exportedCsv } from '../../test/export';
import { ExportCsv, readAllItems } from './export-csv';

type Page = { items: Array<{ id: number }>; nextCursor: string | null };
const pagesOf = (...pages: Page[]) => jest.fn(async (cursor: string | undefined) => pages[cursor === undefined ? 0 : Number(cursor)]!);

describe('Export CSV (every page of a list as filtered)', () => {
  it('when the list has three pages, then each is read by the previous nextCursor and the file holds every row', async () => {
    const read = pagesOf(
      { items: [{ id: 1 }, { id: 2 }], nextCursor: '1' },
      { items: [{ id: 3 }], nextCursor: '2' },
      { items: [{ id: 4 }], nextCursor: null },
    );
    render(<ExportCsv list={{ name: 'things', read, items: (page: Page) => page.items }} />);
    const { lines, link } = await exportedCsv('things');
    expect(lines).toEqual(['id', '1', '2', '3', '4']);
    expect(read.mock.calls.map(([cursor]) => cursor)).toEqual([undefined, '1', '2']);
    expect(link.getAttribute('download')).toBe('things.csv');
    expect(link.textContent).toBe('Download things.csv (4 rows)');
  });

  it('when the list goes past the most an export reads, then the file holds the first rows and says so', async () => {
    const read = pagesOf({ items: [{ id: 1 }, { id: 2 }], nextCursor: '1' }, { items: [{ id: 3 }, { id: 4 }], nextCursor: '2' });
    expect(await readAllItems({ read, items: (page: Page) => page.items }, 3)).toEqual({
      items: [{ id: 1 }, { id: 2 }, { id: 3 }],
      truncated: true,
    });
    expect(await readAllItems({ read, items: (page: Page) => page.items }, 2)).toEqual({ items: [{ id: 1 }, { id: 2 }], truncated: true });
  });

  it('when a list answers the same cursor twice, then the export stops with an error instead of looping', async () => {
    const read = jest.fn(async (_cursor: string | undefined): Promise<Page> => ({ items: [{ id: 1 }], nextCursor: 'again' }));
    render(<ExportCsv list={{ name: 'loops', read, items: (page: Page) => page.items }} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Export CSV: loops' }));
    expect((await screen.findByRole('alert')).textContent).toContain('the same cursor twice');
    expect(read).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('when the list is empty, then no file is offered; when a page is refused, then the problem is shown', async () => {
    const empty = pagesOf({ items: [], nextCursor: null });
    const { unmount } = render(<ExportCsv list={{ name: 'none', read: empty, items: (page: Page) => page.items }} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Export CSV: none' }));
    expect(await screen.findByText('Nothing to export.')).toBeTruthy();
    unmount();
    const refused = jest.fn(async (_cursor: string | undefined): Promise<Page> => Promise.reject(problem(403, 'FORBIDDEN', 'Forbidden')));
    render(<ExportCsv list={{ name: 'refused', read: refused, items: (page: Page) => page.items }} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Export CSV: refused' }));
    expect((await screen.findByRole('alert')).textContent).toContain('FORBIDDEN');
  });
});
