import { useState } from 'react';
import { formatMoney } from 'shared/format';
import { LoadState, useLoad } from 'shared/load';
import { Button, Notice, Select, Table, TextField } from 'shared/ui';
import { getCatalogue } from '../api/get-catalogue';
import { savePlanPrice } from '../api/save-plan-price';
import { saveSettings } from '../api/save-settings';
import { saveTldPrice } from '../api/save-tld-price';
import type { Catalogue } from '../api/types';
import { Row, Section, StaffFrame } from '../components/staff-frame';
import { useAction } from '../components/use-action';

function TldPriceForm({ catalogue, onSaved }: { catalogue: Catalogue; onSaved(): void }) {
  const priceOf = (tld: string, currency: string) => catalogue.tlds.find((t) => t.tld === tld)?.prices.find((p) => p.currency === currency);
  const first = catalogue.tlds[0]?.tld ?? '';
  const fill = (tld: string, currency: string) => {
    const p = priceOf(tld, currency);
    return { tld, currency, register: p ? p.register.toFixed(2) : '', renewal: p ? p.renewal.toFixed(2) : '', transfer: p ? p.transfer.toFixed(2) : '' };
  };
  const [form, setForm] = useState(() => fill(first, 'USD'));
  const { busy, errors, run } = useAction();
  return (
    <form
      aria-label="TLD prices"
      onSubmit={(e) => {
        e.preventDefault();
        void run(() => saveTldPrice(form), 'Prices saved.').then((ok) => ok && onSaved());
      }}
    >
      <Row>
        <Select label="TLD" value={form.tld} error={errors.tld} options={catalogue.tlds.map((t) => ({ value: t.tld, label: `.${t.tld}` }))} onChange={(e) => setForm(fill(e.target.value, form.currency))} />
        <Select label="Currency" value={form.currency} error={errors.currency} options={catalogue.currencies.map((c) => ({ value: c, label: c }))} onChange={(e) => setForm(fill(form.tld, e.target.value))} />
        <TextField label="Registration price" inputMode="decimal" value={form.register} error={errors.register} onChange={(e) => setForm({ ...form, register: e.target.value })} />
        <TextField label="Renewal price" inputMode="decimal" value={form.renewal} error={errors.renewal} onChange={(e) => setForm({ ...form, renewal: e.target.value })} />
        <TextField label="Transfer price" inputMode="decimal" value={form.transfer} error={errors.transfer} onChange={(e) => setForm({ ...form, transfer: e.target.value })} />
      </Row>
      <Button type="submit" disabled={busy}>
        Save TLD prices
      </Button>
    </form>
  );
}

function SettingsForm({ catalogue, onSaved }: { catalogue: Catalogue; onSaved(): void }) {
  const [form, setForm] = useState({ usd_ngn_rate: catalogue.usd_ngn_rate ?? '', vat_percent: catalogue.vat_percent });
  const { busy, errors, run } = useAction();
  return (
    <form
      aria-label="Rate and VAT"
      onSubmit={(e) => {
        e.preventDefault();
        void run(() => saveSettings(form), 'Settings saved.').then((ok) => ok && onSaved());
      }}
    >
      <Row>
        <TextField label="USD→NGN rate" inputMode="decimal" value={form.usd_ngn_rate} error={errors.usd_ngn_rate} onChange={(e) => setForm({ ...form, usd_ngn_rate: e.target.value })} />
        <TextField label="VAT percent" inputMode="decimal" value={form.vat_percent} error={errors.vat_percent} onChange={(e) => setForm({ ...form, vat_percent: e.target.value })} />
      </Row>
      <Button type="submit" disabled={busy}>
        Save rate and VAT
      </Button>
    </form>
  );
}

function PlanPrice({ plan, onSaved }: { plan: Catalogue['plans'][number]; onSaved(): void }) {
  const [price, setPrice] = useState(plan.price.toFixed(2));
  const { busy, errors, run } = useAction();
  return (
    <form
      aria-label={`${plan.name} price`}
      style={{ display: 'flex', gap: '.5rem', alignItems: 'end', flexWrap: 'wrap' }}
      onSubmit={(e) => {
        e.preventDefault();
        void run(() => savePlanPrice(plan.id, price), 'Price saved.').then((ok) => ok && onSaved());
      }}
    >
      <TextField label={`${plan.name} (${plan.currency})`} inputMode="decimal" value={price} error={errors.price} onChange={(e) => setPrice(e.target.value)} />
      <div style={{ marginBottom: '1rem' }}>
        <Button type="submit" variant="secondary" disabled={busy}>
          Save
        </Button>
      </div>
    </form>
  );
}

export function CataloguePage() {
  const load = useLoad(getCatalogue, { id: 'staff/catalogue' });
  return (
    <StaffFrame title="Catalogue">
      <Notice tone="info">A change applies at once to every cart (carts are priced when shown) and to invoices issued from now on, never to an issued invoice.</Notice>
      <LoadState load={load} what="catalogue" placeholder="cards">
        {(c) => (
          <>
            <Section>
              <h2>TLD prices</h2>
              <TldPriceForm catalogue={c} onSaved={load.reload} />
              <div style={{ marginTop: '1rem' }}>
                <Table
                  caption="TLD prices per currency"
                  rows={c.tlds.flatMap((t) => t.prices.map((p) => ({ tld: t.tld, ...p })))}
                  rowKey={(r) => `${r.tld}-${r.currency}`}
                  columns={[
                    { header: 'TLD', cell: (r) => `.${r.tld}` },
                    { header: 'Registration', cell: (r) => formatMoney(r.register, r.currency) },
                    { header: 'Renewal', cell: (r) => formatMoney(r.renewal, r.currency) },
                    { header: 'Transfer', cell: (r) => formatMoney(r.transfer, r.currency) },
                  ]}
                />
              </div>
            </Section>
            <Section>
              <h2>Hosting plan prices</h2>
              {c.plans.map((p) => (
                <PlanPrice key={p.id} plan={p} onSaved={load.reload} />
              ))}
            </Section>
            <Section>
              <h2>Rate and VAT</h2>
              <SettingsForm catalogue={c} onSaved={load.reload} />
            </Section>
          </>
        )}
      </LoadState>
    </StaffFrame>
  );
}
