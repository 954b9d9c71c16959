// The renewal part of a domain's overview: auto-renew on or off (PUT domain/{id}/auto-renew/, as in the domains table)
// and 'Renew now' for 1 to 10 years (fewer when that would take it more than 10 years ahead: renewal_max_years),
// priced by the server (GET domain/{domain}/renewal/?years=N). Renew now issues the
// renewal invoice and opens the shared 'Select Payment Method' dialog for it: the wallet pays at once (the page then
// shows the new expiry date), a gateway sends the browser to its payment page.
import styled from '@emotion/styled';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { errorText } from 'shared/api-client';
import { formatMoney } from 'shared/format';
import { RENEWAL_MESSAGES, RENEWAL_YEARS_MAX, RENEWAL_YEARS_MIN } from 'shared/schemas';
import { showToast } from 'shared/toast';
import { Button, Notice, PaymentMethodDialog, payNavigation, Select, theme } from 'shared/ui';
import type { DomainDetail, RenewalQuote, RenewAnswer } from '../../api/domain-schemas';
import { getRenewalQuote } from '../../api/get-renewal-quote';
import { payInvoice } from '../../api/pay-invoice';
import { renewDomain } from '../../api/renew-domain';
import { setAutoRenew } from '../../api/set-auto-renew';
import { dashDate } from '../dash';
import { ErrorText, Switch } from './parts';

const Box = styled.div`
  margin-top: 1.25rem; padding-top: 1.25rem; border-top: 1px solid ${theme.color.border};
  h3 { margin: 0 0 .75rem; font-size: 1.05rem; }
`;
const RenewRow = styled.div`
  display: grid; grid-template-columns: minmax(0, 1fr); gap: 0 1.5rem; align-items: start;
  ${theme.breakpoint.sm} { grid-template-columns: minmax(0, 14rem) minmax(0, 1fr); }
`;
const Price = styled.dl`
  /* The label column never narrower than its longest word: with large text the amount no longer prints over it. */
  display: grid; grid-template-columns: minmax(min-content, 1fr) max-content; gap: .35rem 1rem; margin: 0 0 1rem;
  dt { color: ${theme.color.muted}; }
  dd { margin: 0; text-align: right; font-weight: 600; }
  .total { font-size: 1.1rem; color: ${theme.color.text}; font-weight: 700; }
`;

const YEAR_OPTIONS = Array.from({ length: RENEWAL_YEARS_MAX - RENEWAL_YEARS_MIN + 1 }, (_, i) => {
  const n = RENEWAL_YEARS_MIN + i;
  return { value: String(n), label: `${n} year${n === 1 ? '' : 's'}` };
});

type Quote = { state: 'loading' } | { state: 'failed'; error: string } | { state: 'ready'; quote: RenewalQuote };

export function RenewalControls({ domain, onRenewed }: { domain: DomainDetail; onRenewed(): void }) {
  if (domain.read_only) {
    return (
      <Box>
        <h3>Renewal</h3>
        <p>{RENEWAL_MESSAGES.notRenewable(domain.status)}</p>
        {domain.status === 'Released' ? (
          <p>
            <Link to={`/search?query=${encodeURIComponent(domain.domainname)}`}>Search for {domain.domainname_unicode ?? domain.domainname}</Link>
          </p>
        ) : null}
      </Box>
    );
  }
  return (
    <Box>
      <h3>Renewal</h3>
      <AutoRenew domain={domain} />
      {domain.renewal_max_years < RENEWAL_YEARS_MIN ? (
        <p>{RENEWAL_MESSAGES.tooFarAhead(domain.renewal_max_years)}</p>
      ) : (
        <RenewNow domain={domain} onRenewed={onRenewed} />
      )}
    </Box>
  );
}

function AutoRenew({ domain }: { domain: DomainDetail }) {
  const [on, setOn] = useState(domain.auto_renew ?? true);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const toggle = async (next: boolean) => {
    setOn(next);
    setBusy(true);
    setError(null);
    try {
      const saved = await setAutoRenew('domain', domain.id, next);
      setOn(saved);
      showToast('SUCCESS', `Auto-renew ${saved ? 'on' : 'off'} for ${domain.domainname}.`);
    } catch (e) {
      setOn(!next);
      setError(errorText(e, 'Auto-renew could not be changed. Please try again.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Switch
      label="Auto-renew"
      checked={on}
      busy={busy}
      onChange={(e) => void toggle(e.target.checked)}
      hint="When on, the renewal invoice is paid from your wallet from 7 days before the expiry date, if your wallet covers it."
      error={error}
    />
  );
}

function RenewNow({ domain, onRenewed }: { domain: DomainDetail; onRenewed(): void }) {
  const max = domain.renewal_max_years;
  const [chosen, setYears] = useState(1);
  // A renewal paid here (or elsewhere) brings the limit closer: the choice follows it down.
  const years = Math.min(chosen, max);
  const [quote, setQuote] = useState<Quote>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [invoice, setInvoice] = useState<RenewAnswer['data'] | null>(null);
  const [renewedTo, setRenewedTo] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    setQuote((q) => (q.state === 'ready' ? q : { state: 'loading' }));
    getRenewalQuote(domain.domainname, years).then(
      (quote) => live && setQuote({ state: 'ready', quote }),
      (e: unknown) => live && setQuote({ state: 'failed', error: errorText(e, 'The price could not be loaded.') }),
    );
    return () => {
      live = false;
    };
  }, [domain.domainname, domain.nextduedate, years, attempt]);

  const renew = async () => {
    setBusy(true);
    setError(null);
    setRenewedTo(null);
    try {
      const answer = await renewDomain(domain.domainname, years);
      setInvoice(answer.data);
    } catch (e) {
      setError(errorText(e, 'The renewal could not be started. Please try again.'));
      setAttempt((n) => n + 1);
    } finally {
      setBusy(false);
    }
  };

  const ready = quote.state === 'ready' && quote.quote.years === years ? quote.quote : null;
  const money = (value: number) => formatMoney(value, ready?.currency ?? 'USD');
  const open = ready?.open_invoice ?? null;

  return (
    // Named 'Renew now' without a second heading: the box is headed 'Renewal', and the button alone reads 'Renew now'.
    <section aria-label="Renew now">
      {renewedTo ? (
        <Notice tone="info" role="status">
          Renewed: {domain.domainname} now expires on {dashDate(renewedTo)}.
        </Notice>
      ) : null}
      {open ? (
        <Notice tone="info">
          Invoice <Link to={`/dashboard/invoices/${open.invoicenum}`}>{open.invoicenum}</Link> renews this domain for{' '}
          {open.years} year{open.years === 1 ? '' : 's'} ({formatMoney(open.total, open.currency)}) and is waiting for payment.
        </Notice>
      ) : null}
      <RenewRow>
        <Select
          label="Renewal period"
          options={YEAR_OPTIONS.slice(0, max)}
          hint={max < RENEWAL_YEARS_MAX ? RENEWAL_MESSAGES.periodLimit(max) : undefined}
          value={String(years)}
          onChange={(e) => setYears(Number(e.target.value))}
          disabled={busy}
        />
        <div aria-live="polite" aria-busy={quote.state === 'loading' || (quote.state === 'ready' && !ready)}>
          {quote.state === 'failed' ? (
            <ErrorText role="alert">{quote.error}</ErrorText>
          ) : ready ? (
            <Price aria-label={`Price of renewing for ${years} year${years === 1 ? '' : 's'}`}>
              <dt>Price per year</dt>
              <dd>{money(ready.price_per_year)}</dd>
              <dt>
                {years} year{years === 1 ? '' : 's'}
              </dt>
              <dd>{money(ready.renewal)}</dd>
              {ready.restore_fee > 0 ? (
                <>
                  <dt>Restore fee (Redemption)</dt>
                  <dd>{money(ready.restore_fee)}</dd>
                </>
              ) : null}
              <dt>VAT ({ready.vat_percent} %)</dt>
              <dd>{money(ready.vat)}</dd>
              <dt className="total">Total</dt>
              <dd className="total">{money(ready.total)}</dd>
              <dt>New expiry date</dt>
              <dd>{dashDate(ready.new_expirydate)}</dd>
            </Price>
          ) : (
            <p>Loading the price…</p>
          )}
        </div>
      </RenewRow>
      {error ? <ErrorText role="alert">{error}</ErrorText> : null}
      <Button onClick={() => void renew()} disabled={busy || !ready} aria-busy={busy}>
        Renew now
      </Button>
      <PaymentMethodDialog
        open={invoice !== null}
        onClose={() => {
          setInvoice(null);
          // The invoice stays open: the quote now points to it.
          setAttempt((n) => n + 1);
        }}
        amountText={invoice ? `Amount due: ${formatMoney(invoice.total, invoice.currency)} including VAT (invoice ${invoice.invoicenum})` : ''}
        errorText={(e) => errorText(e, 'The payment could not be made. Please try again.')}
        onError={(text) => showToast('ERROR', text)}
        pay={async (kind) => {
          if (!invoice) return;
          const answer = await payInvoice(invoice.invoice_id, kind);
          const url = answer.data?.authorization_url;
          if (url) {
            payNavigation.go(url);
            return 'leaving';
          }
          showToast('SUCCESS', `Invoice ${invoice.invoicenum} paid: ${domain.domainname} is renewed.`);
          setRenewedTo(invoice.new_expirydate);
          setInvoice(null);
          onRenewed();
        }}
      />
    </section>
  );
}
