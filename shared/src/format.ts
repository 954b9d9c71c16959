// Formatting of spec section 9, in one place.

/** One formatter per currency: making an Intl.NumberFormat costs far more than using one (a page shows dozens). */
const moneyFormats = new Map<string, Intl.NumberFormat | null>();

function moneyFormat(code: string): Intl.NumberFormat | null {
  let format = moneyFormats.get(code);
  if (format === undefined) {
    try {
      format = new Intl.NumberFormat(`en-${code.slice(0, 2)}`, {
        style: 'currency',
        currency: code,
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      });
    } catch {
      format = null; // not a currency Intl knows
    }
    moneyFormats.set(code, format);
  }
  return format;
}

/**
 * Amounts a server render formatted, written into its page ('USD 12.5' → '$12.50'): the browser's hydration reads
 * them here instead of making its first Intl.NumberFormat, which costs 30-90 ms of the main thread on this machine
 * (the browser loads its number-formatting data), and prints exactly the server's text.
 */
const fromServer = new Map<string, string>();
let recorder: ((key: string, text: string) => void) | null = null;

/** The browser, before it hydrates a server-rendered page: the amounts that page's server render formatted. */
export function seedMoneyFormats(formats: Record<string, unknown>): void {
  for (const [key, text] of Object.entries(formats)) if (typeof text === 'string') fromServer.set(key, text);
}

/** The server: `record` hears every amount formatted (it keeps those of the page being rendered), null stops it. */
export function recordMoneyFormats(record: ((key: string, text: string) => void) | null): void {
  recorder = record;
}

/** Money as currency with exactly 2 decimals; the locale comes from the currency code's first two letters. */
export function formatMoney(amount: number | string, currencyCode = 'USD'): string {
  const code = (currencyCode || 'USD').toUpperCase();
  const value = typeof amount === 'string' ? Number(amount) : amount;
  const safe = Number.isFinite(value) ? value : 0;
  const key = `${code} ${safe}`;
  const known = fromServer.get(key);
  if (known !== undefined) return known;
  const text = moneyFormat(code)?.format(safe) ?? `${code} ${safe.toFixed(2)}`;
  recorder?.(key, text);
  return text;
}

export function ordinal(day: number): string {
  const mod100 = day % 100;
  if (mod100 >= 11 && mod100 <= 13) return `${day}th`;
  switch (day % 10) {
    case 1:
      return `${day}st`;
    case 2:
      return `${day}nd`;
    case 3:
      return `${day}rd`;
    default:
      return `${day}th`;
  }
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * '3rd Mar, 2024'. Empty or invalid input gives ''. Date-only strings are calendar dates. A moment is dated in UTC,
 * the store's calendar (due and expiry dates, mails and invoices): the same on the storefront's server as in every
 * visitor's browser (dated in local time, a post rendered on 19th Nov was hydrated as 18th Nov west of UTC, React's
 * error #418).
 */
export function formatDate(input: string | number | Date | null | undefined): string {
  if (input === null || input === undefined || input === '') return '';
  const dateOnly = typeof input === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(input) : null;
  const date = dateOnly
    ? new Date(Date.UTC(Number(dateOnly[1]), Number(dateOnly[2]) - 1, Number(dateOnly[3])))
    : input instanceof Date
      ? input
      : new Date(input);
  if (Number.isNaN(date.getTime())) return '';
  return `${ordinal(date.getUTCDate())} ${MONTHS[date.getUTCMonth()]}, ${date.getUTCFullYear()}`;
}

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => escapes[c] ?? c);

/** Line breaks to `<br>` markup, the text escaped first. */
export function nl2br(text: string): string {
  return escapeHtml(text).replace(/\r?\n/g, '<br>');
}

/** Lines of a text field (plan descriptions, pricing features), blank lines dropped. */
export function splitLines(text: string | null | undefined): string[] {
  return (text ?? '')
    .split(/\r?\n|<br\s*\/?>/i)
    .map((line) => line.trim())
    .filter(Boolean);
}

/** Page numbers shown around the current page: a window of up to `size` pages (spec section 9). */
export function pageWindow(current: number, total: number, size = 5): number[] {
  if (total < 1) return [];
  const count = Math.min(size, total);
  let start = Math.max(1, current - Math.floor(count / 2));
  start = Math.min(start, total - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
}

/**
 * A text cut after each dot of the domain names in it ('Domain registration: shop.com.ng' gives
 * ['Domain registration: shop.', 'com.', 'ng']): the places a long name may wrap without breaking inside a word.
 */
export function domainBreakParts(text: string): string[] {
  return text.split(/(?<=\.)(?=[^\s.])/);
}
