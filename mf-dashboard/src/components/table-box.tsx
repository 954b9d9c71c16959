import styled from '@emotion/styled';
import { theme } from 'shared/ui';
import { dashDate } from './dash';

/**
 * Around a dashboard table: from tablet widths headings and cells may wrap and the cells are a little tighter, so the seven
 * columns of invoices and tickets fit beside the side navigation on a desktop instead of hiding 'Status' off to the
 * right. On phones (below 600 px) the shared table shows each row as a card of 'column name: value' lines instead.
 */
export const TableBox = styled.div`
  ${theme.breakpoint.md} {
    /* 'table th' outweighs the shared table's own 'th' rules. */
    table th { white-space: normal; vertical-align: bottom; }
    table td { white-space: normal; overflow-wrap: break-word; }
    table th, table td { padding-left: .6rem; padding-right: .6rem; }
    table td .date, table td .nowrap { white-space: nowrap; }
  }
`;

/** A date cell: '3rd Mar, 2024' kept on one line, or a dash. */
export const DateCell = ({ value }: { value: string | null | undefined }) => <span className="date">{dashDate(value)}</span>;
