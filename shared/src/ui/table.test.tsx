import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Table, type Column } from 'shared/ui';

interface Invoice {
  id: number;
  total: string;
  status: string;
}
const COLUMNS: Column<Invoice>[] = [
  { header: 'Invoice Number', cell: (i) => `INV-${i.id}` },
  { header: 'Total', cell: (i) => i.total },
  { header: 'Status', cell: (i) => i.status },
];
const rows = (n: number): Invoice[] => Array.from({ length: n }, (_, k) => ({ id: k + 1, total: `$${k + 1}.00`, status: k % 2 ? 'Paid' : 'Unpaid' }));

/** Every CSS rule emotion has put in the document, as text. */
function cssText(): string {
  return Array.from(document.querySelectorAll('style'))
    .map((style) => {
      const fromRules = style.sheet ? Array.from(style.sheet.cssRules, (r) => r.cssText).join('\n') : '';
      return `${style.textContent ?? ''}\n${fromRules}`;
    })
    .join('\n');
}

it('labels every cell with its column name for the phone cards, and keeps the table roles and cell names', () => {
  render(<Table caption="Invoices" columns={COLUMNS} rows={rows(2)} rowKey={(i) => i.id} />);
  const table = screen.getByRole('table', { name: 'Invoices' });
  expect(table).toHaveAttribute('data-layout', 'cards');
  expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Invoice Number', 'Total', 'Status']);
  const [, first] = within(table).getAllByRole('row');
  const cells = within(first!).getAllByRole('cell');
  expect(cells.map((c) => c.getAttribute('data-label'))).toEqual(['Invoice Number', 'Total', 'Status']);
  // The label is decoration (CSS), not text: a cell's name and text stay its value, as journeys read them.
  expect(within(first!).getByRole('cell', { name: '$1.00' })).toHaveTextContent(/^\$1\.00$/);
  expect(within(table).getByRole('cell', { name: 'Unpaid' })).toHaveAttribute('data-label', 'Status');
});

it('has the cards rules for phones and tablets: below 900 px a card per row, each cell showing its data-label', () => {
  render(<Table caption="Invoices" columns={COLUMNS} rows={rows(1)} rowKey={(i) => i.id} />);
  const css = cssText().replace(/\s+/g, ' ');
  expect(css).toMatch(/@media \(width ?< ?56\.25em\)/);
  const phone = css.slice(css.search(/@media \(width ?< ?56\.25em\)/));
  expect(phone).toMatch(/\[data-layout=['"]cards['"]\] td::before ?\{[^}]*content: ?attr\(data-label\)/);
  expect(phone).toMatch(/\[data-layout=['"]cards['"]\] thead ?\{[^}]*position: ?absolute/);
});

it("phone='scroll' keeps the plain table on phones", () => {
  render(<Table caption="Prices" phone="scroll" columns={COLUMNS} rows={rows(1)} rowKey={(i) => i.id} />);
  expect(screen.getByRole('table', { name: 'Prices' })).toHaveAttribute('data-layout', 'scroll');
  expect(screen.getByRole('region', { name: 'Prices' })).toHaveAttribute('data-layout', 'scroll');
});

it('keeps pagination and keyboard-operable rows', async () => {
  const user = userEvent.setup();
  const opened: number[] = [];
  render(<Table caption="Invoices" columns={COLUMNS} rows={rows(20)} rowKey={(i) => i.id} onRowClick={(i) => opened.push(i.id)} rowLabel={(i) => `Invoice ${i.id}`} />);
  expect(screen.getAllByRole('row')).toHaveLength(16);
  await user.click(screen.getByRole('button', { name: 'Page 2' }));
  expect(screen.getAllByRole('row')).toHaveLength(6);
  const row = screen.getByRole('row', { name: 'Invoice 16' });
  expect(row).toHaveAttribute('tabindex', '0');
  row.focus();
  await user.keyboard('{Enter}');
  expect(opened).toEqual([16]);
});

it('a free-text column (wrap) marks its cells, whose text wraps within a measure on wide screens and fills a phone card', () => {
  const columns: Column<Invoice>[] = [...COLUMNS, { header: 'Note', cell: (i) => `Note ${i.id} `.repeat(30), wrap: true }];
  render(<Table caption="Invoices" columns={columns} rows={rows(1)} rowKey={(i) => i.id} />);
  const [, first] = within(screen.getByRole('table', { name: 'Invoices' })).getAllByRole('row');
  const cells = within(first!).getAllByRole('cell');
  expect(cells.map((c) => c.hasAttribute('data-wrap'))).toEqual([false, false, false, true]);
  const css = cssText().replace(/\s+/g, ' ');
  expect(css).toMatch(/td\[data-wrap\] ?> ?\.value ?\{[^}]*white-space: ?normal;[^}]*max-width: ?28rem/);
  expect(css).toMatch(/@media \(width ?< ?56\.25em\) ?\{[^@]*td\[data-wrap\] ?> ?\.value ?\{[^}]*min-width: ?0;[^}]*max-width: ?none/);
});
