import { useState, type FormEvent } from 'react';
import { saveCurrency, useCurrency } from 'shared/currency';
import { showToast } from 'shared/toast';
import { Button, Select } from 'shared/ui';
import { getCurrencies } from '../api/get-currencies';
import { SettingsFrame } from '../components/settings-frame';
import { ListState, useLoad } from 'shared/load';
import type { Currency } from '../api/schemas';

function CurrencyForm({ currencies }: { currencies: Currency[] }) {
  const current = useCurrency();
  const [code, setCode] = useState(() => (currencies.some((c) => c.code === current) ? current : (currencies[0]?.code ?? '')));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    saveCurrency(code);
    showToast('SUCCESS', 'Currency saved');
  };
  return (
    <form onSubmit={onSubmit}>
      <Select
        label="Currency"
        name="currency"
        value={code}
        onChange={(e) => setCode(e.target.value)}
        options={currencies.map((c) => ({ value: c.code, label: `${c.name} - ${c.code}` }))}
      />
      <Button type="submit">Save</Button>
    </form>
  );
}

export function AccountSettingsPaymentsPage() {
  const currencies = useLoad(getCurrencies, { id: 'dashboard/currencies' });
  return (
    <SettingsFrame>
      <section aria-labelledby="currency-heading">
        <h2 id="currency-heading" style={{ margin: '0 0 .75rem', fontSize: '1.15rem' }}>
          Display Currency
        </h2>
        <ListState load={currencies} what="currencies" empty="No currencies yet." isEmpty={(list) => list.length === 0}>
          {(list) => <CurrencyForm currencies={list} />}
        </ListState>
      </section>
    </SettingsFrame>
  );
}
