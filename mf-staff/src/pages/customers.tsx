import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { formatDate } from 'shared/format';
import { LoadState, useLoad } from 'shared/load';
import { Button, EmptyState, Table, TextField, type Column } from 'shared/ui';
import { getCustomers } from '../api/get-customers';
import type { Customer } from '../api/types';
import { Row, StaffFrame, type Placeholder } from '../components/staff-frame';

const COLUMNS: Column<Customer>[] = [
  { header: 'Username', cell: (c) => <Link to={`/staff/customers/${c.id}`}>{c.username}</Link> },
  { header: 'E-mail', cell: (c) => c.email, wrap: true },
  { header: 'Name', cell: (c) => `${c.first_name} ${c.last_name}`.trim() || '—', wrap: true },
  { header: 'Joined', cell: (c) => formatDate(c.date_joined) },
];
/** While the customers load: their table, in grey. */
export const CUSTOMERS_LOADING: Placeholder = { placeholder: 'table', columns: COLUMNS.length };

export function CustomersPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [text, setText] = useState(q);
  const load = useLoad(() => getCustomers(q), { id: 'staff/customers', key: q, keepOnNewKey: true });
  return (
    <StaffFrame title="Customers">
      <form
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setParams(text.trim() ? { q: text.trim() } : {}, { replace: true });
        }}
      >
        <Row>
          <TextField
            label="Search by username, e-mail or domain"
            hint="A customer's name finds them too."
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
          <div style={{ marginBottom: '1rem' }}>
            <Button type="submit">Search</Button>
          </div>
        </Row>
      </form>
      <LoadState load={load} what="customers" {...CUSTOMERS_LOADING}>
        {(rows) =>
          rows.length ? (
            <Table
              caption="Customers"
              rows={rows}
              rowKey={(c) => c.id}
              columns={COLUMNS}
            />
          ) : (
            <EmptyState>No customers match.</EmptyState>
          )
        }
      </LoadState>
    </StaffFrame>
  );
}
