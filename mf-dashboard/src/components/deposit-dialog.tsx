import { useState, type FormEvent } from 'react';
import { errorData, errorText, fieldErrorList } from 'shared/api-client';
import { showToast } from 'shared/toast';
import { Button, Dialog, LoadingOverlay, Notice, Select, TextField } from 'shared/ui';
import { getCurrencies } from '../api/get-currencies';
import { initiateDeposit } from '../api/initiate-deposit';
import { useLoad } from 'shared/load';

/** Where a successful initiation sends the browser; tests replace it (jsdom cannot navigate). */
export const depositNavigation = { go: (url: string) => window.location.assign(url) };

const firstText = (value: unknown): string | undefined => {
  const first: unknown = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' && first ? first : undefined;
};

/** 'Deposit Funds': amount (made an integer on submit) and currency (first one by default), then the payment page. */
export function DepositDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  return (
    <Dialog open={open} title="Deposit Funds" onClose={onClose}>
      {open ? <DepositForm /> : null}
    </Dialog>
  );
}

function DepositForm() {
  const currencies = useLoad(getCurrencies, { id: 'dashboard/currencies' });
  const [amount, setAmount] = useState('');
  const [chosen, setChosen] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [submitting, setSubmitting] = useState(false);
  const list = currencies.state === 'ready' ? currencies.data : [];
  const currency = chosen ?? list[0]?.code ?? '';

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    // Spec section 5: the amount is made an integer on submit and has no minimum here; the server judges the value.
    const value = Math.trunc(Number(amount));
    if (amount.trim() === '' || !Number.isFinite(value)) {
      setError('Enter an amount.');
      document.querySelector<HTMLElement>('[name="amount"]')?.focus();
      return;
    }
    setError(undefined);
    setSubmitting(true);
    try {
      const answer = await initiateDeposit(value, currency);
      showToast('SUCCESS', answer.message || 'Deposit initiated.');
      depositNavigation.go(answer.data.authorization_url);
    } catch (e) {
      // The server's error text; a DRF field error on the amount is shown at the field as well.
      const data = errorData(e);
      const amountError = firstText(data?.amount);
      if (amountError) setError(amountError);
      const fields = fieldErrorList(data).join(' ');
      showToast('ERROR', errorText(e, amountError ?? (fields || 'Something went wrong... Please retry later.')));
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate style={{ position: 'relative' }}>
      <LoadingOverlay show={submitting || currencies.state === 'loading'} label={submitting ? 'Processing deposit…' : 'Loading currencies…'} />
      <TextField
        label="Amount"
        name="amount"
        type="number"
        inputMode="numeric"
        placeholder="20000"
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        error={error}
        disabled={submitting}
      />
      {currencies.state === 'failed' ? (
        <Notice tone="error" role="alert">
          The currencies could not be loaded.{' '}
          <Button variant="ghost" onClick={currencies.reload}>
            Retry
          </Button>
        </Notice>
      ) : (
        <Select
          label="Currency"
          name="currency"
          value={currency}
          onChange={(e) => setChosen(e.target.value)}
          disabled={submitting || list.length === 0}
          options={list.map((c) => ({ value: c.code, label: `${c.name} - ${c.code}` }))}
        />
      )}
      <Button type="submit" disabled={submitting || currency === ''} style={{ width: '100%' }}>
        Process Deposit
      </Button>
    </form>
  );
}
