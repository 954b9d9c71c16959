import { currencyStore, defaultCurrency, getCurrency, saveCurrency } from 'shared/currency';

it('is NGN on a .ng host and USD elsewhere', () => {
  expect(defaultCurrency('shop.example.com.ng')).toBe('NGN');
  expect(defaultCurrency('shop.ng.example')).toBe('NGN');
  expect(defaultCurrency('localhost')).toBe('USD');
});

it('a saved choice overrides the host default', () => {
  currencyStore.setState({ code: 'USD' });
  saveCurrency('NGN');
  expect(localStorage.getItem('currency')).toBe('NGN');
  expect(getCurrency()).toBe('NGN');
});
