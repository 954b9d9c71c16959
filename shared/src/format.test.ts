import { domainBreakParts, formatDate, formatMoney, nl2br, ordinal, pageWindow, recordMoneyFormats, seedMoneyFormats, splitLines } from 'shared/format';

describe('formatMoney', () => {
  it('shows exactly two decimals with the locale of the currency code', () => {
    expect(formatMoney(12, 'USD')).toBe('$12.00');
    expect(formatMoney(1234.5, 'USD')).toBe('$1,234.50');
    expect(formatMoney('15000', 'NGN')).toBe('₦15,000.00');
    expect(formatMoney(0.005, 'USD')).toBe('$0.01');
  });
  it('falls back sensibly on bad input', () => {
    expect(formatMoney(Number.NaN, 'USD')).toBe('$0.00');
    expect(formatMoney(3, 'XYZ1')).toBe('XYZ1 3.00');
  });
});

describe('money formats of a server render', () => {
  it('are heard by the server’s recorder, once per amount formatted, and stop with it', () => {
    const heard: string[] = [];
    recordMoneyFormats((key, text) => heard.push(`${key}=${text}`));
    formatMoney(9.5, 'gbp');
    formatMoney('12', 'USD');
    recordMoneyFormats(null);
    formatMoney(1, 'USD');
    expect(heard).toEqual(['GBP 9.5=£9.50', 'USD 12=$12.00']);
  });

  it('are printed as the server wrote them in the browser, without asking Intl', () => {
    seedMoneyFormats({ 'USD 777.25': 'US$777.25 (server)', 'EUR 3': 3 });
    const spy = jest.spyOn(Intl, 'NumberFormat');
    expect(formatMoney(777.25, 'USD')).toBe('US$777.25 (server)');
    expect(formatMoney('777.25', 'usd')).toBe('US$777.25 (server)');
    expect(spy).not.toHaveBeenCalled();
    // Anything else (and anything that was not text) is formatted here.
    expect(formatMoney(3, 'EUR')).toBe('€3.00');
    spy.mockRestore();
  });
});

describe('formatDate', () => {
  it.each([
    [1, '1st'], [2, '2nd'], [3, '3rd'], [4, '4th'], [11, '11th'], [12, '12th'], [13, '13th'],
    [21, '21st'], [22, '22nd'], [23, '23rd'], [31, '31st'], [101, '101st'], [111, '111th'], [112, '112th'],
  ])('ordinal %i is %s', (n, text) => expect(ordinal(n)).toBe(text));

  it('formats as in the spec', () => {
    expect(formatDate('2024-03-03')).toBe('3rd Mar, 2024');
    expect(formatDate(new Date(2024, 0, 11, 15))).toBe('11th Jan, 2024');
    expect(formatDate('2023-12-22T10:00:00')).toBe('22nd Dec, 2023');
  });
  it('dates a moment in UTC, whatever the time zone (the server renders in UTC; a browser west of it hydrated another day)', () => {
    // The browser's local calendar, as in Honolulu on the evening before (jest's process keeps the machine's zone).
    const local = [jest.spyOn(Date.prototype, 'getDate').mockReturnValue(18), jest.spyOn(Date.prototype, 'getMonth').mockReturnValue(10), jest.spyOn(Date.prototype, 'getFullYear').mockReturnValue(2024)];
    try {
      expect([formatDate('2024-11-19T08:00:00Z'), formatDate(Date.parse('2024-11-19T23:30:00Z')), formatDate('2024-11-19')]).toEqual(['19th Nov, 2024', '19th Nov, 2024', '19th Nov, 2024']);
    } finally {
      local.forEach((spy) => spy.mockRestore());
    }
  });
  it('gives an empty text for nothing or garbage', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});

describe('text helpers', () => {
  it('turns line breaks into <br> after escaping', () => {
    expect(nl2br('a\nb\r\n<c>')).toBe('a<br>b<br>&lt;c&gt;');
  });
  it('splits lines and drops blanks', () => {
    expect(splitLines('one\n\n two \r\nthree')).toEqual(['one', 'two', 'three']);
    expect(splitLines(undefined)).toEqual([]);
  });
});

describe('pageWindow', () => {
  it.each([
    [1, 1, [1]],
    [1, 5, [1, 2, 3, 4, 5]],
    [5, 5, [1, 2, 3, 4, 5]],
    [1, 12, [1, 2, 3, 4, 5]],
    [2, 12, [1, 2, 3, 4, 5]],
    [6, 12, [4, 5, 6, 7, 8]],
    [11, 12, [8, 9, 10, 11, 12]],
    [12, 12, [8, 9, 10, 11, 12]],
    [1, 0, []],
  ])('page %i of %i shows %j', (current, total, expected) => expect(pageWindow(current, total)).toEqual(expected));
});

describe('domainBreakParts', () => {
  it('cuts after the dots inside names only', () => {
    expect(domainBreakParts('Domain registration: shop.com.ng')).toEqual(['Domain registration: shop.', 'com.', 'ng']);
    expect(domainBreakParts('Done. Next')).toEqual(['Done. Next']);
    expect(domainBreakParts('a..b.')).toEqual(['a..', 'b.']);
    expect(domainBreakParts('').join('')).toBe('');
  });
});
