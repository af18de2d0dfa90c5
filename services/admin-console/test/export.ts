import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

/**
 * Presses a list's Export CSV button (named after the file, "Export CSV: transactions", its visible text first as WCAG 2.5.3 asks) and
 * answers the file its download link then holds, split into lines (the trailing CRLF's empty one
 * dropped), with the link's text.
 */
export async function exportedCsv(name: string): Promise<{ lines: string[]; link: HTMLElement }> {
  await userEvent.setup().click(await screen.findByRole('button', { name: `Export CSV: ${name}` }));
  const link = await screen.findByRole('link', { name: new RegExp(`^Download ${name}\\.csv`) });
  const href = link.getAttribute('href') ?? '';
  const prefix = 'data:text/csv;charset=utf-8,';
  if (!href.startsWith(prefix)) throw new Error(`the download link is not a CSV data address: ${href.slice(0, 40)}`);
  const lines = decodeURIComponent(href.slice(prefix.length)).split('\r\n');
  if (lines.at(-1) === '') lines.pop();
  return { lines, link };
}
