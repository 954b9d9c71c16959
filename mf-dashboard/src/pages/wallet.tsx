// /dashboard/wallet: the credit wallet's history in one currency (deposits, payments, refunds, staff credits and
// debits), newest first, with the balance; each payment or refund links its invoice. Reached from the dashboard's
// Credit Balance card ('Wallet history').
import styled from '@emotion/styled';
import { Link, useSearchParams } from 'react-router-dom';
import { useCurrency } from 'shared/currency';
import { formatMoney } from 'shared/format';
import { ListState, useLoad } from 'shared/load';
import { Select, Table, type Column } from 'shared/ui';
import { getCurrencies } from '../api/get-currencies';
import { getWalletHistory } from '../api/get-wallet-history';
import type { WalletHistory } from '../api/schemas';
import { dash } from '../components/dash';
import { CountTile, DashboardFrame, Tiles } from '../components/dashboard-frame';
import { DateCell, TableBox } from '../components/table-box';

type Entry = WalletHistory['entries'][number];

const Picker = styled.div`
  max-width: 20rem;
`;

const KIND_LABELS: Record<string, string> = { deposit: 'Deposit', payment: 'Payment', refund: 'Refund', adjustment: 'Adjustment' };

const columns = (currency: string): Column<Entry>[] => [
  { header: 'Date', cell: (e) => <DateCell value={e.created_at} /> },
  { header: 'Type', cell: (e) => KIND_LABELS[e.kind] ?? e.kind },
  { header: 'Description', cell: (e) => dash(e.description) },
  {
    header: 'Invoice',
    cell: (e) =>
      e.invoicenum ? (
        <Link className="nowrap" to={`/dashboard/invoices/${encodeURIComponent(e.invoicenum)}`}>
          {e.invoicenum}
        </Link>
      ) : (
        '-'
      ),
  },
  {
    header: 'Amount',
    // Money in is signed '+', money out '-': the sign is said in words too, not by colour alone.
    cell: (e) => {
      const n = Number(e.amount);
      return <span className="nowrap">{`${n > 0 ? '+' : n < 0 ? '-' : ''}${formatMoney(Math.abs(n), currency)}`}</span>;
    },
  },
];

export function WalletPage() {
  const display = useCurrency();
  // The currency shown is kept in the address (?currency=NGN): a reload, or the way back from an invoice, shows the
  // same one. Without it, the display currency.
  const [params, setParams] = useSearchParams();
  const currency = (params.get('currency') ?? '').toUpperCase() || display;
  const setCurrency = (code: string) => setParams(code === display ? {} : { currency: code }, { replace: true });
  const currencies = useLoad(getCurrencies, { id: 'dashboard/currencies' });
  const history = useLoad(() => getWalletHistory(currency), { id: 'dashboard/wallet-history', key: currency });
  const options = currencies.state === 'ready' ? currencies.data.map((c) => ({ value: c.code, label: `${c.name} - ${c.code}` })) : [{ value: currency, label: currency }];
  return (
    <DashboardFrame title="Wallet history">
      <Picker>
        <Select label="Currency" name="currency" value={currency} onChange={(e) => setCurrency(e.target.value)} options={options} />
      </Picker>
      <Tiles>
        <CountTile
          label="Balance"
          value={history.state === 'ready' ? formatMoney(history.data.balance, history.data.currency) : history.state === 'failed' ? 'failed' : null}
        />
      </Tiles>
      <ListState
        load={history}
        what="wallet history"
        columns={5}
        empty={`No wallet activity in ${currency} yet.`}
        isEmpty={(data) => data.entries.length === 0}
      >
        {(data) => (
          <TableBox>
            <Table caption={`Wallet history (${data.currency})`} columns={columns(data.currency)} rows={data.entries} rowKey={(e) => String(e.id)} />
          </TableBox>
        )}
      </ListState>
    </DashboardFrame>
  );
}
