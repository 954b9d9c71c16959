// Display currency (spec sections 1 and 9): NGN when the host name contains '.ng', else USD; a choice saved under
// localStorage 'currency' (account settings) overrides it everywhere.
import { createStore, useStore } from 'zustand';
import { CURRENCY_KEY } from './schemas/constants';

export function defaultCurrency(hostname: string = globalThis.location?.hostname ?? ''): string {
  return hostname.includes('.ng') ? 'NGN' : 'USD';
}

function readStored(): string | null {
  try {
    const value = globalThis.localStorage?.getItem(CURRENCY_KEY);
    if (!value) return null;
    // Accept a bare code or a JSON string.
    const code = value.startsWith('"') ? (JSON.parse(value) as string) : value;
    return /^[A-Z]{3}$/.test(code) ? code : null;
  } catch {
    return null;
  }
}

export const currencyStore = createStore<{ code: string }>()(() => ({ code: readStored() ?? defaultCurrency() }));

export function saveCurrency(code: string): void {
  localStorage.setItem(CURRENCY_KEY, code);
  currencyStore.setState({ code });
}

export const getCurrency = (): string => currencyStore.getState().code;
export const useCurrency = (): string => useStore(currencyStore, (s) => s.code);

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === CURRENCY_KEY || event.key === null) {
      currencyStore.setState({ code: readStored() ?? defaultCurrency() });
    }
  });
}
