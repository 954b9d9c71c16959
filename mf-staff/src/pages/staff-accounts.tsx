// Staff accounts (admin only): the list with each account's role and state, a form to create one, and per account a
// role change and Disable/Enable. The API refuses an admin's own demotion or disabling: its message is shown. Each
// change needs the admin's password from the last 10 minutes (a sign-in counts): asked for when the API says so.
import { useState } from 'react';
import { LoadState, useLoad } from 'shared/load';
import { useReauth } from 'shared/reauth';
import { Button, EmptyState, Select, Table, TextField, theme, type Column } from 'shared/ui';
import { createStaffAccount } from '../api/create-staff-account';
import { getStaffAccounts } from '../api/get-staff-accounts';
import type { StaffAccount, StaffRole } from '../api/types';
import { updateStaffAccount } from '../api/update-staff-account';
import { Row, Section, StaffFrame, type Placeholder } from '../components/staff-frame';
import { useAction } from '../components/use-action';

const ROLE_OPTIONS = [
  { value: 'support', label: 'Support' },
  { value: 'billing', label: 'Billing' },
  { value: 'admin', label: 'Admin' },
] as const;
const EMPTY = { username: '', email: '', role: '' as StaffRole | '', password: '' };
/** Runs a call, asking for the password first when the API wants a recent authentication (shared/reauth). */
type Confirmed = <T>(action: () => Promise<T>) => Promise<T>;

const columns = (reload: () => void, confirmed: Confirmed): Column<StaffAccount>[] => [
  { header: 'Username', cell: (a) => a.username },
  { header: 'Email', cell: (a) => a.email, wrap: true },
  { header: 'Role', cell: (a) => a.role },
  { header: 'State', cell: (a) => (a.disabled ? 'Disabled' : 'Active') },
  { header: 'Actions', cell: (a) => <AccountActions key={`${a.id}-${a.role}-${a.disabled}`} account={a} reload={reload} confirmed={confirmed} /> },
];

function AccountActions({ account, reload, confirmed }: { account: StaffAccount; reload(): void; confirmed: Confirmed }) {
  const [role, setRole] = useState<StaffRole>(account.role);
  const { busy, errors, run } = useAction();
  const refused = errors.role ?? errors.disabled;
  const change = (body: { role?: StaffRole; disabled?: boolean }, done: string) =>
    void run(() => confirmed(() => updateStaffAccount(account.id, body)), done).then((ok) => {
      if (ok) reload();
      else setRole(account.role);
    });
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: '.5rem', alignItems: 'end' }}>
      <Select
        label={`Role of ${account.username}`}
        value={role}
        options={ROLE_OPTIONS}
        onChange={(e) => setRole(e.target.value as StaffRole)}
      />
      {/* Wrapping, so that on a phone's card each button keeps its words whole. */}
      <div style={{ marginBottom: '1rem', display: 'flex', flexWrap: 'wrap', gap: '.5rem' }}>
        <Button variant="secondary" disabled={busy || role === account.role} onClick={() => change({ role }, 'Role changed.')}>
          Change role
        </Button>
        <Button
          variant="secondary"
          disabled={busy}
          onClick={() => change({ disabled: !account.disabled }, account.disabled ? 'Account enabled.' : 'Account disabled.')}
        >
          {account.disabled ? `Enable ${account.username}` : `Disable ${account.username}`}
        </Button>
      </div>
      {refused ? (
        <p role="alert" style={{ flexBasis: '100%', margin: 0, color: theme.color.error }}>
          {refused}
        </p>
      ) : null}
    </div>
  );
}

/** While the accounts load: their table, in grey. */
export const STAFF_ACCOUNTS_LOADING: Placeholder = { placeholder: 'table', columns: columns(() => {}, (action) => action()).length };

export function StaffAccountsPage() {
  const load = useLoad(getStaffAccounts, { id: 'staff/accounts' });
  const [form, setForm] = useState(EMPTY);
  const { busy, errors, run } = useAction();
  const reauth = useReauth();
  return (
    <StaffFrame title="Staff accounts">
      {reauth.dialog}
      <Section aria-labelledby="new-staff">
        <h2 id="new-staff">New staff account</h2>
        <form
          aria-labelledby="new-staff"
          onSubmit={(e) => {
            e.preventDefault();
            void run(() => reauth.run(() => createStaffAccount(form)), 'Staff account created.').then((ok) => {
              if (!ok) return;
              setForm(EMPTY);
              load.reload();
            });
          }}
        >
          <Row>
            <TextField label="Username" autoComplete="off" value={form.username} error={errors.username} onChange={(e) => setForm({ ...form, username: e.target.value })} />
            <TextField label="Email" type="email" autoComplete="off" value={form.email} error={errors.email} onChange={(e) => setForm({ ...form, email: e.target.value })} />
            <Select
              label="Role"
              value={form.role}
              error={errors.role}
              options={[{ value: '', label: 'Choose a role' }, ...ROLE_OPTIONS]}
              onChange={(e) => setForm({ ...form, role: e.target.value as StaffRole | '' })}
            />
            <TextField
              label="First password"
              type="password"
              autoComplete="new-password"
              hint="They log in with it and the code mailed to them."
              value={form.password}
              error={errors.password}
              onChange={(e) => setForm({ ...form, password: e.target.value })}
            />
          </Row>
          <Button type="submit" disabled={busy}>
            Create staff account
          </Button>
        </form>
      </Section>
      <Section aria-labelledby="staff-list">
        <h2 id="staff-list">Staff</h2>
        <LoadState load={load} what="staff accounts" {...STAFF_ACCOUNTS_LOADING}>
          {(accounts) =>
            accounts.length ? (
              <Table
                caption="Staff accounts"
                rows={accounts}
                rowKey={(a) => a.id}
                columns={columns(load.reload, reauth.run)}
              />
            ) : (
              <EmptyState>No staff accounts.</EmptyState>
            )
          }
        </LoadState>
      </Section>
    </StaffFrame>
  );
}
