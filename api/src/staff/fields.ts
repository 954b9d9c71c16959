// Body fields of the staff routes (400s at the field, DRF shapes).
import * as v from 'valibot';
import { textField } from '../commerce/fields';
import { sanitizeHtml } from '../content/sanitize';

/**
 * A decimal with at most `digits` whole digits and `scale` decimals, given as a string ("12.50") or a JSON number
 * (12.5): a number is judged by its shortest written form, so 0.005 is refused like "0.005" rather than rounded.
 */
const decimalText = (x: unknown, digits: number, scale: number): boolean => {
  const text = typeof x === 'number' ? (Number.isFinite(x) ? String(x) : '') : typeof x === 'string' ? x.trim() : '';
  return new RegExp(`^-?\\d{1,${digits}}(\\.\\d{1,${scale}})?$`).test(text);
};

/** A minus sign, even on zero: '-0' is not stored as written (and is no price or rate anyone means). */
const negative = (x: unknown) => (typeof x === 'number' ? x < 0 || Object.is(x, -0) : String(x).trim().startsWith('-'));

/** A required amount of money in major units ("12.50" or 12.5), at most 2 decimals; `min` in minor units. */
export const moneyField = (opts: { min: number; label?: string } = { min: 1 }) =>
  v.pipe(
    v.optional(v.unknown(), null),
    v.check((x) => x !== undefined && x !== null && x !== '', 'This field is required.'),
    // Each fault its own message: '1,000' or 'abc' is no amount at all, '12.505' (or 1e-7) has too many decimals, and
    // 1e21 or 13 whole digits is too large.
    v.check(
      (x) => (typeof x === 'number' ? Number.isFinite(x) : typeof x === 'string' && /^-?\d+(\.\d+)?$/.test(x.trim())),
      'Enter the amount in digits, like 1250.50 (no commas, spaces or letters).',
    ),
    v.check((x) => String(x).includes('e+') || /^-?\d+(\.\d{1,2})?$/.test(String(x).trim()), 'Enter an amount with at most 2 decimals.'),
    v.check((x) => decimalText(x, 12, 2), 'Enter an amount below 1,000,000,000,000.'),
    v.check((x) => !negative(x), opts.min > 0 ? 'Enter an amount greater than zero.' : 'A price cannot be negative.'),
    v.transform((x) => Math.round(Number(x) * 100)),
    v.check((x) => Number.isSafeInteger(x), 'Enter an amount with at most 2 decimals.'),
    v.check((x) => x >= opts.min, opts.min > 0 ? 'Enter an amount greater than zero.' : 'A price cannot be negative.'),
  );

/** A required reason, trimmed, 3 to 500 characters. */
export const reasonField = v.pipe(
  v.optional(v.unknown(), null),
  v.check((x) => typeof x === 'string' && x.trim() !== '', 'Give a reason.'),
  v.transform((x) => String(x).trim()),
  v.check((x) => x.length >= 3, 'Ensure this field has at least 3 characters.'),
  v.check((x) => x.length <= 500, 'Ensure this field has no more than 500 characters.'),
);

/**
 * Markup in a plain-text field: a tag, a closing tag, a comment or a declaration (`<` then a letter, `/`, `!` or `?`).
 * A `<` in prose ('a < b', '<3') is not one: the browser reads it as text too.
 */
const MARKUP = /<[a-z/!?]/i;

/** Required plain text (a post's title): `textField`, and no HTML tags: they would show as text, or run. */
export const plainTextField = (max: number, blank: string) =>
  v.pipe(textField(max, blank), v.check((x) => !MARKUP.test(x), 'Remove the HTML tags: this field is plain text.'));

/** A search term for ILIKE '%…%': its own `%`, `_` and backslash match themselves (the backslash is LIKE's escape). */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A positive decimal number (a rate or a percentage) as a string with at most `scale` decimals. */
export const decimalField = (max: number, tooBig: string, scale = 6) =>
  v.pipe(
    v.optional(v.unknown(), null),
    v.check((x) => x !== undefined && x !== null && x !== '', 'This field is required.'),
    v.check((x) => decimalText(x, 9, scale), `Enter a number with at most ${scale} decimals.`),
    v.check((x) => !negative(x), 'A negative value is not allowed.'),
    v.transform((x) => String(typeof x === 'string' ? x.trim() : x)),
    v.check((x) => Number(x) <= max, tooBig),
  );

/**
 * HTML written by staff (blog posts, policies) is refused when it could run anything: scripts, frames, objects,
 * forms, style or meta elements, event-handler attributes or javascript:/data: URLs. The storefront sanitises again
 * when it shows the HTML (mf-content's sanitizer).
 */
const UNSAFE_ELEMENT = /<\s*\/?\s*(script|iframe|frame|frameset|object|embed|applet|form|style|link|meta|base|svg|math|template)\b/i;
const UNSAFE_ATTRIBUTE = [/\son[a-z]+\s*=/i, /(href|src|action|formaction|xlink:href)\s*=\s*["']?\s*(javascript|vbscript|data):/i];
/**
 * Attributes are looked for inside tags only: prose may say 'one = 1' or show '&lt;a onclick=…&gt;' as code. (What a
 * tag hides from this look, a '>' inside a quoted value, is removed by the sanitiser that runs next all the same.)
 */
export const isSafeHtml = (html: string) =>
  !UNSAFE_ELEMENT.test(html) && !(html.match(/<[^>]*>?/g) ?? []).some((tag) => UNSAFE_ATTRIBUTE.some((re) => re.test(tag)));

export const htmlField = (max: number, blank: string) =>
  v.pipe(
    v.optional(v.unknown(), null),
    v.check((x) => x !== undefined && x !== null, 'This field is required.'),
    v.check((x) => typeof x === 'string', 'Not a valid string.'),
    v.transform((x) => String(x).trim()),
    v.check((x) => x.length > 0, blank),
    v.check((x) => x.length <= max, `Ensure this field has no more than ${max} characters.`),
    v.check(isSafeHtml, 'Remove scripts, frames, forms, event handlers and javascript: links: they are not allowed.'),
    // Stored sanitised (api/src/content/sanitize.ts): what is left outside its allow-list is removed.
    v.transform(sanitizeHtml),
    v.check((x) => x.length > 0, blank),
  );
