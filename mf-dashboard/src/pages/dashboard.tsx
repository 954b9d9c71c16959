import styled from '@emotion/styled';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useCurrency } from 'shared/currency';
import { formatMoney } from 'shared/format';
import { Button, Card, TextField, theme } from 'shared/ui';
import { getInvoices } from '../api/get-invoices';
import { getMe } from '../api/get-me';
import { getNotices } from '../api/get-notices';
import { getTickets } from '../api/get-tickets';
import { getUserDomains } from '../api/get-user-domains';
import { getUserServices } from '../api/get-user-services';
import { getWalletBalance } from '../api/get-wallet-balance';
import { CountTile, DashboardFrame, Tiles } from '../components/dashboard-frame';
import { DepositDialog } from '../components/deposit-dialog';
import { LifecycleNotice } from '../components/lifecycle-notice';
import { PaymentOutcomeNotice } from '../components/payment-outcome';
import { type Load, useLoad } from 'shared/load';

const Grid = styled.div`
  display: grid; gap: 1.5rem; grid-template-columns: minmax(0, 1fr);
  ${theme.breakpoint.md} { grid-template-columns: repeat(2, minmax(0, 1fr)); }
  h2 { margin: 0 0 .75rem; font-size: 1.2rem; }
  p { margin: 0 0 1rem; }
`;
const BalanceRow = styled.div`
  display: flex; flex-wrap: wrap; align-items: center; gap: .75rem; margin-bottom: 1rem;
  output { font-size: 1.8rem; font-weight: 700; overflow-wrap: anywhere; }
`;
const EyeButton = styled.button`
  display: inline-flex; align-items: center; justify-content: center; min-width: 44px; min-height: 44px;
  border: 1px solid ${theme.color.border}; border-radius: 8px; background: #fff; color: ${theme.color.primary};
  cursor: pointer;
  &:focus-visible { outline: 3px solid ${theme.color.primary}; outline-offset: 2px; }
`;
const Actions = styled.div`
  display: flex; flex-wrap: wrap; gap: .75rem;
`;

const Greeting = styled.p`
  margin: -.5rem 0 1.25rem; font-size: 1.15rem; color: ${theme.color.muted};
`;

const count = (load: Load<unknown[]>): number | null | 'failed' =>
  load.state === 'ready' ? load.data.length : load.state === 'failed' ? 'failed' : null;

function Eye({ open }: { open: boolean }) {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M1 12s4-7 11-7 11 7 11 7-4 7-11 7S1 12 1 12z" />
      <circle cx="12" cy="12" r="3" />
      {open ? null : <path d="M3 3l18 18" strokeLinecap="round" />}
    </svg>
  );
}

const HistoryLink = styled.div`
  margin-top: .75rem;
`;

function Balance() {
  const display = useCurrency();
  const wallet = useLoad(() => getWalletBalance(display), { id: 'dashboard/wallet', key: display });
  const [shown, setShown] = useState(false);
  const [depositing, setDepositing] = useState(false);
  let text: string;
  if (!shown) text = '****';
  else if (wallet.state === 'ready') text = formatMoney(wallet.data?.balance ?? 0, wallet.data?.code ?? display);
  else text = wallet.state === 'loading' ? 'Loading…' : 'Unavailable';
  return (
    <Card as="section" aria-labelledby="balance-heading">
      <h2 id="balance-heading">Credit Balance</h2>
      <BalanceRow>
        <output aria-live="polite">{text}</output>
        <EyeButton
          type="button"
          aria-pressed={shown}
          aria-label={shown ? 'Hide balance' : 'Show balance'}
          onClick={() => setShown((s) => !s)}
        >
          <Eye open={shown} />
        </EyeButton>
      </BalanceRow>
      {shown && wallet.state === 'ready' && wallet.data?.others.length ? (
        <p>Also in your wallet: {wallet.data.others.map((w) => formatMoney(w.balance, w.code)).join(', ')}</p>
      ) : null}
      {shown && wallet.state === 'failed' ? (
        <p role="alert">
          The balance could not be loaded.{' '}
          <Button variant="ghost" onClick={wallet.reload}>
            Retry
          </Button>
        </p>
      ) : null}
      <Button onClick={() => setDepositing(true)}>Top Up</Button>
      <HistoryLink>
        <Link to="/dashboard/wallet">Wallet history</Link>
      </HistoryLink>
      <DepositDialog open={depositing} onClose={() => setDepositing(false)} />
    </Card>
  );
}

function RegisterDomain() {
  const navigate = useNavigate();
  const [domain, setDomain] = useState('');
  const go = (path: string) => navigate(`${path}?query=${encodeURIComponent(domain.trim())}`);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    go('/search');
  };
  return (
    <Card as="section" aria-labelledby="register-heading">
      <h2 id="register-heading">Register a New Domain</h2>
      <form onSubmit={onSubmit}>
        <TextField label="Domain" name="domain" placeholder="example.com" value={domain} onChange={(e) => setDomain(e.target.value)} />
        <Actions>
          {/* type="button": a click navigates directly; Enter in the field still submits the form (one text field). */}
          <Button onClick={() => go('/search')}>Register</Button>
          <Button variant="secondary" onClick={() => go('/transfer-domain')}>
            Transfer
          </Button>
        </Actions>
      </form>
    </Card>
  );
}

/** How long the page waits for its notice before it shows the rest anyway (the notice then comes above it). */
export const NOTICE_WAIT_MS = 1000;

/**
 * Whether the page below the notice may be shown: once the notice is known (there or not, or unreadable), or after
 * NOTICE_WAIT_MS. A notice that came after the rest pushed all of it down, under a click on 'Top Up' say.
 */
function useNoticeSettled(notices: Load<unknown>): boolean {
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setWaited(true), NOTICE_WAIT_MS);
    return () => window.clearTimeout(timer);
  }, []);
  return notices.state !== 'loading' || waited;
}

export function DashboardPage() {
  // A notice is extra: if it cannot be read, the dashboard shows what it always showed.
  const notices = useLoad(getNotices, { id: 'dashboard/notices' });
  const settled = useNoticeSettled(notices);
  const me = useLoad(getMe, { id: 'dashboard/me' });
  const tickets = useLoad(getTickets, { id: 'dashboard/tickets' });
  const services = useLoad(getUserServices, { id: 'dashboard/services' });
  const domains = useLoad(getUserDomains, { id: 'dashboard/domains' });
  const invoices = useLoad(getInvoices, { id: 'dashboard/invoices' });
  const active =
    services.state === 'ready'
      ? services.data.filter((s) => (s.status ?? '').toLowerCase() === 'active').length
      : services.state === 'failed'
        ? 'failed'
        : null;
  const invoiceCount = invoices.state === 'ready' ? invoices.data.total : invoices.state === 'failed' ? 'failed' : null;

  return (
    <DashboardFrame title="Dashboard">
      <LifecycleNotice notices={notices.state === 'ready' ? notices.data : null} />
      <div aria-busy={!settled} style={settled ? undefined : { visibility: 'hidden' }}>
        <Greeting aria-live="polite">{me.state === 'ready' ? `Welcome back, ${me.data.first_name?.trim() || me.data.username}.` : '\u00a0'}</Greeting>
        <PaymentOutcomeNotice purpose="deposit" />
        <Tiles>
          <CountTile label="Tickets" value={count(tickets)} />
          <CountTile label="Services" value={count(services)} />
          <CountTile label="Domains" value={count(domains)} />
          <CountTile label="Invoices" value={invoiceCount} />
          <CountTile label="Active Hosting Plans" value={active} />
        </Tiles>
        <Grid>
          <Balance />
          <Card as="section" aria-labelledby="account-heading">
            <h2 id="account-heading">Account Info</h2>
            <p>{me.state === 'ready' ? `Hi ${me.data.username}` : 'Hi'}</p>
            {/* The line is there from the start: the link below stays where it is when the address comes. */}
            <p style={{ overflowWrap: 'anywhere' }}>{me.state === 'ready' && me.data.email ? me.data.email : '\u00a0'}</p>
            <Link to="/account-settings">Account Settings</Link>
          </Card>
          <Card as="section" aria-labelledby="recent-heading">
            <h2 id="recent-heading">Recent Support Tickets</h2>
            <p>You have not opened any ticket recently.</p>
            <Link to="/dashboard/tickets">Open a ticket</Link>
          </Card>
          <RegisterDomain />
        </Grid>
      </div>
    </DashboardFrame>
  );
}
