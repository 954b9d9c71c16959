import styled from '@emotion/styled';
import { useEffect, useState, type KeyboardEvent, type ReactNode } from 'react';
import { ROWS_PER_PAGE } from '../schemas/constants';
import { pageWindow } from '../format';
import { theme } from './theme';

/**
 * Below this width (phones and tablets, where a table's last columns would scroll out of sight) a table in `cards`
 * layout shows each row as a card of 'column name: value' lines (below theme.breakpoint.md: 900 px at the default text
 * size, wider with larger text).
 */
export const TABLE_CARDS_MEDIA = `@media ${theme.narrowQuery}`;

const Scroll = styled.div`
  width: 100%; overflow-x: auto; border: 1px solid ${theme.color.border}; border-radius: ${theme.radius}; background: #fff;
  &:focus-visible { outline: 3px solid ${theme.color.primary}; }
  ${TABLE_CARDS_MEDIA} {
    &[data-layout='cards'] { overflow: visible; border: 0; border-radius: 0; background: none; }
  }
`;
const T = styled.table`
  width: 100%; border-collapse: collapse; font-size: .95rem;
  th, td { text-align: left; padding: .75rem 1rem; border-bottom: 1px solid ${theme.color.border}; white-space: nowrap; }
  /* A free-text column (a name, a title, a reason): wraps within a readable measure, so one long value does not push
     the table out of its box. */
  td[data-wrap] > .value { white-space: normal; overflow-wrap: anywhere; min-width: 10rem; max-width: 28rem; }
  th { background: ${theme.color.background}; font-weight: 600; }
  tbody tr:last-of-type td { border-bottom: 0; }
  tbody tr[data-clickable='true'] { cursor: pointer; }
  tbody tr[data-clickable='true']:hover { background: ${theme.color.primarySoft}; }
  tbody tr:focus-visible { outline: 3px solid ${theme.color.primary}; outline-offset: -3px; }
  /* Phones: the same rows and cells (same roles, same names) laid out as cards; each cell shows its column's name
     from data-label, as decoration only ('/ ""': screen readers already announce the column header). */
  ${TABLE_CARDS_MEDIA} {
    &[data-layout='cards'] {
      display: block;
      thead { position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden; clip: rect(0 0 0 0);
        clip-path: inset(50%); white-space: nowrap; border: 0; }
      /* minmax(0, 1fr) and min-width 0: a card is as wide as the table, never as wide as its longest word (a
         domain name's part, for one), so it does not scroll sideways. */
      tbody { display: grid; grid-template-columns: minmax(0, 1fr); gap: .75rem; }
      tbody tr { display: block; min-width: 0; border: 1px solid ${theme.color.border}; border-radius: ${theme.radius}; background: #fff;
        padding: .25rem 0; }
      tbody tr[data-clickable='true'] { box-shadow: 0 1px 2px rgba(20,20,43,.06); }
      /* anywhere: a long word (an e-mail, a button's text beside a select) never widens the card; a domain name
         (DomainText) sets break-word on itself and wraps at its dots instead of inside a word. */
      /* The column's name floats at the line's start and the value (a div of its own, a new block formatting
         context) stands beside it; ::after clears the float, so the line is as tall as the taller of the two and a name
         that wraps ('Registration Date') never runs into the next line. */
      td { display: block; min-height: 2.6rem; padding: .55rem 1rem; white-space: normal; overflow-wrap: anywhere;
        border-bottom: 1px solid ${theme.color.border}; }
      td::before { content: attr(data-label); content: attr(data-label) / ''; float: left; width: 40%; margin-right: 1.25rem;
        color: ${theme.color.muted}; font-weight: 600; font-size: .9rem; overflow-wrap: anywhere; }
      td::after { content: ''; display: table; clear: both; }
      td > .value { display: flow-root; min-width: 0; }
      td[data-wrap] > .value { min-width: 0; max-width: none; }
      tbody tr:last-of-type td { border-bottom: 1px solid ${theme.color.border}; }
      tbody tr td:last-of-type, tbody tr:last-of-type td:last-of-type { border-bottom: 0; }
    }
  }
`;
const Footer = styled.nav`
  display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: .75rem; margin-top: .75rem;
  color: ${theme.color.muted}; font-size: .9rem;
  ul { display: flex; gap: .25rem; list-style: none; margin: 0; padding: 0; flex-wrap: wrap; }
`;
export const PageButton = styled.button`
  min-width: 40px; min-height: 40px; border-radius: 8px; border: 1px solid ${theme.color.border}; background: #fff;
  font: inherit; cursor: pointer; color: ${theme.color.text};
  &[aria-current='page'] { background: ${theme.color.primary}; color: #fff; border-color: ${theme.color.primary}; }
  &:disabled { opacity: .5; cursor: not-allowed; }
  &:focus-visible { outline: 3px solid ${theme.color.primary}; outline-offset: 1px; }
`;

export interface Column<Row> {
  header: string;
  cell(row: Row, index: number): ReactNode;
  /** Free text of any length (a name, a title): wraps instead of keeping to one line. */
  wrap?: boolean;
}

export interface TableProps<Row> {
  caption: string;
  /**
   * How the table fits a phone or tablet (below 900 px): `cards` (the default) shows each row as a card of 'column name: value'
   * lines; `scroll` keeps the table and lets it scroll sideways in its own box. Wider screens always get the table.
   */
  phone?: 'cards' | 'scroll';
  columns: Column<Row>[];
  rows: Row[];
  rowKey(row: Row): string | number;
  onRowClick?(row: Row): void;
  rowLabel?(row: Row): string;
  pageSize?: number;
}

/**
 * A data table, 15 rows per page with pagination; rows with an action are reachable and operable by keyboard. On a
 * phone the rows become cards (see `phone`); the markup and its table roles are the same at every width.
 */
export function Table<Row>({ caption, columns, rows, rowKey, onRowClick, rowLabel, pageSize = ROWS_PER_PAGE, phone = 'cards' }: TableProps<Row>) {
  const pages = Math.max(1, Math.ceil(rows.length / pageSize));
  const [page, setPage] = useState(1);
  useEffect(() => {
    if (page > pages) setPage(pages);
  }, [page, pages]);
  const start = (page - 1) * pageSize;
  const visible = rows.slice(start, start + pageSize);
  const onKey = (row: Row) => (event: KeyboardEvent<HTMLTableRowElement>) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onRowClick?.(row);
    }
  };
  return (
    <div>
      <Scroll tabIndex={0} role="region" aria-label={caption} data-layout={phone}>
        {/* Explicit roles: a table restyled with CSS display keeps its semantics in every browser. */}
        <T role="table" data-layout={phone}>
          <caption className="visually-hidden">{caption}</caption>
          <thead role="rowgroup">
            <tr role="row">
              {columns.map((c) => (
                <th key={c.header} scope="col" role="columnheader">
                  {c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody role="rowgroup">
            {visible.map((row, i) => (
              <tr
                key={rowKey(row)}
                role="row"
                data-clickable={onRowClick ? 'true' : undefined}
                tabIndex={onRowClick ? 0 : undefined}
                aria-label={onRowClick && rowLabel ? rowLabel(row) : undefined}
                onClick={onRowClick ? () => onRowClick(row) : undefined}
                onKeyDown={onRowClick ? onKey(row) : undefined}
              >
                {columns.map((c) => (
                  <td key={c.header} role="cell" data-label={c.header} data-wrap={c.wrap ? '' : undefined}>
                    <div className="value">{c.cell(row, start + i)}</div>
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </T>
      </Scroll>
      <Footer aria-label={`${caption} pages`}>
        <span>Showing {pageSize} rows per page</span>
        {pages > 1 ? (
          <ul>
            <li>
              <PageButton type="button" onClick={() => setPage(page - 1)} disabled={page === 1} aria-label="Previous page">
                ‹
              </PageButton>
            </li>
            {pageWindow(page, pages).map((n) => (
              <li key={n}>
                <PageButton type="button" aria-current={n === page ? 'page' : undefined} aria-label={`Page ${n}`} onClick={() => setPage(n)}>
                  {n}
                </PageButton>
              </li>
            ))}
            <li>
              <PageButton type="button" onClick={() => setPage(page + 1)} disabled={page === pages} aria-label="Next page">
                ›
              </PageButton>
            </li>
          </ul>
        ) : null}
      </Footer>
    </div>
  );
}
