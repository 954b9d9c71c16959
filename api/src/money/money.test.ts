import { formatMoney, toMajor, toMinor, vatOf } from './money';
import { convert, type PriceBook, resolveCurrency, tldPrice } from './catalog';

describe('money', () => {
  it('converts between minor and major units', () => {
    expect(toMajor(1299)).toBe(12.99);
    expect(toMajor(1_850_000)).toBe(18500);
    expect(toMinor(12.99)).toBe(1299);
    expect(toMinor(0.1 + 0.2)).toBe(30);
  });

  it('computes VAT with integers, rounding half up', () => {
    expect(vatOf(1299, '7.5')).toBe(97); // 97.425
    expect(vatOf(1999, 7.5)).toBe(150); // 149.925
    expect(vatOf(200, '7.5')).toBe(15);
    expect(vatOf(1_500_000, '7.5')).toBe(112_500);
    expect(vatOf(1000, '0')).toBe(0);
    expect(vatOf(1000, '12.125')).toBe(121); // 121.25
  });

  it('formats amounts for messages', () => {
    expect(formatMoney(1_000_000_000, 'NGN')).toBe('NGN 10,000,000.00');
    expect(formatMoney(5, 'USD')).toBe('USD 0.05');
  });
});

describe('price book helpers', () => {
  const book = {
    currencies: [
      { code: 'USD', name: 'US Dollar' },
      { code: 'NGN', name: 'Nigerian Naira' },
    ],
    rates: new Map([
      ['USD>NGN', 1550],
      ['NGN>USD', 1 / 1550],
    ]),
  } as unknown as PriceBook;

  it('converts with the stored rate, rounding to the minor unit', () => {
    expect(convert(book, 999, 'USD', 'NGN')).toBe(1_548_450);
    expect(convert(book, 1_548_450, 'NGN', 'USD')).toBe(999);
    expect(convert(book, 123, 'USD', 'USD')).toBe(123);
    expect(() => convert(book, 1, 'USD', 'EUR')).toThrow(/No exchange rate/);
  });

  it('uses a TLD price list of the currency, else converts the USD one', () => {
    const tld = {
      id: 1,
      tld: 'com',
      position: 1,
      prices: new Map([['USD', { register: 1000, renewal: 1200, transfer: 900 }]]),
    };
    expect(tldPrice(book, tld, 'renewal', 'USD')).toBe(1200);
    expect(tldPrice(book, tld, 'register', 'NGN')).toBe(1_550_000);
  });

  it('resolves a currency or says which ones we sell', () => {
    expect(resolveCurrency(book, undefined)).toBe('USD');
    expect(resolveCurrency(book, '', 'NGN')).toBe('NGN');
    expect(resolveCurrency(book, ' ngn ')).toBe('NGN');
    expect(() => resolveCurrency(book, 'EUR')).toThrow();
    expect(() => resolveCurrency(book, 5)).toThrow();
  });
});
