import { domainToASCII, domainToUnicode } from 'node:url';

/** Thrown for input that cannot be a domain name; the message is shown to the customer as is. */
export class DomainInputError extends Error {
  override name = 'DomainInputError';
}

export interface NormalizedDomain {
  /** The registrable name (`label.tld`), or null when only a label was typed. */
  domain: string | null;
  /** The second-level label, punycode (`xn--…`) for IDNs. */
  label: string;
  /** The TLD typed (possibly one we do not sell), or null. */
  tld: string | null;
  /** Whether `tld` is one of the TLDs passed in. */
  supported: boolean;
}

export const MAX_DOMAIN_LENGTH = 253;
const MAX_LABEL_LENGTH = 63;
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const SCHEME = /^[a-z][a-z0-9+.-]*:\/\//;

export const MESSAGES = {
  required: 'Enter a domain name to search.',
  tooLong: `A domain name cannot be longer than ${MAX_DOMAIN_LENGTH} characters.`,
  labelTooLong: `Each part of a domain name can be at most ${MAX_LABEL_LENGTH} characters.`,
  invalid:
    'Enter a valid domain name, like example.com: letters, digits and hyphens, not starting or ending with a hyphen.',
  hyphens34:
    'A domain name cannot have hyphens in both the third and fourth places (like ab--cd.com), unless it is an internationalised name (xn--).',
  badIdn:
    'This internationalised name is not valid: use letters and digits of one language (emoji and symbols are not allowed in domain names).',
} as const;

/** The message for a label `reservedHyphensOk` refuses: an `xn--` label that is no valid IDN is that, not a hyphen rule. */
const hyphensMessage = (label: string) => (label.startsWith('xn--') ? MESSAGES.badIdn : MESSAGES.hyphens34);

/** Characters of no one script (digits, the hyphen, the prolonged sound mark) or of the one before them (combining marks). */
const ANY_SCRIPT = /[\p{Script=Common}\p{Script=Inherited}]/u;
/** The scripts Chinese, Japanese and Korean write with, which UTS #39 lets a label mix with Latin. */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Bopomofo}]/u;
/** Latin, and the scripts with letters that pass for Latin ones or for each other's (Cyrillic 'а', Greek 'ο'). */
const LATIN = /\p{Script=Latin}/u;
const LOOK_ALIKE_SCRIPTS = [LATIN, /\p{Script=Cyrillic}/u, /\p{Script=Greek}/u];

/**
 * A label whose letters are the look-alike of another name's ('аpple' with a Cyrillic 'а', 'ꓖoogle' with a Lisu 'ꓖ'),
 * which registries refuse (UTS #39 section 5.2, 'highly restrictive', for the scripts these come from):
 * - Latin goes with no other script but those of Chinese, Japanese and Korean: Lisu, Cherokee, Armenian and others have
 *   letters drawn like Latin ones, and an Arabic-Indic digit in a Latin label breaks the IDNA bidi rule (RFC 5893);
 * - Cyrillic and Greek each go with no other script.
 * Any other script alone, and the Japanese mix of Han, Hiragana and Katakana, are fine.
 */
function mixesLookAlikeScripts(unicode: string): boolean {
  const letters = [...unicode].filter((c) => !ANY_SCRIPT.test(c));
  return LOOK_ALIKE_SCRIPTS.some((script) => {
    if (!letters.some((c) => script.test(c))) return false;
    return !letters.every((c) => script.test(c) || (script === LATIN && CJK.test(c)));
  });
}

/**
 * RFC 5893 for a label with right-to-left characters (Arabic, Hebrew, Syriac, Thaana or N'Ko letters, or Arabic-Indic
 * digits): it is a right-to-left label, so it starts with such a letter (rules 1 and 5: 'atk٣' does not), ends with
 * one or a digit, marks aside (rule 3), and has not both European and Arabic-Indic digits (rule 4). (Rule 2, no
 * left-to-right letter in it, is kept by the scripts' rule above for Latin, Cyrillic and Greek.)
 */
const RTL = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;
const ARABIC_INDIC_DIGIT = /[\u0660-\u0669]/u;
function breaksBidiRule(unicode: string): boolean {
  const chars = [...unicode];
  if (!chars.some((c) => RTL.test(c))) return false;
  const first = chars[0]!;
  if (!(RTL.test(first) && /\p{L}/u.test(first))) return true;
  const last = [...unicode.replace(/\p{M}+$/u, '')].at(-1) ?? '';
  if (!(RTL.test(last) || /\p{Nd}/u.test(last))) return true;
  return chars.some((c) => /[0-9]/.test(c)) && chars.some((c) => ARABIC_INDIC_DIGIT.test(c));
}

/**
 * RFC 5891 section 4.2.3.1: a label with `--` in positions 3 and 4 is reserved; only a valid A-label (`xn--` + the
 * Punycode of a Unicode label) may have it. Valid means it decodes, encodes back to itself, and the U-label is made
 * of letters, marks, digits and hyphens (IDNA2008 takes no symbols or emoji) without `--` of its own in 3-4, not of
 * look-alike scripts mixed, and keeping the bidi rule.
 */
export function reservedHyphensOk(label: string): boolean {
  if (label.slice(2, 4) !== '--') return true;
  if (!label.startsWith('xn--')) return false;
  const unicode = domainToUnicode(label);
  if (unicode === '' || unicode === label || domainToASCII(unicode) !== label) return false;
  // An "A-label" that decodes to plain ASCII is not an IDN (xn--abc- is 'abc').
  if ([...unicode].every((c) => c.charCodeAt(0) < 128)) return false;
  if (unicode.slice(2, 4) === '--' || unicode.startsWith('-') || unicode.endsWith('-')) return false;
  return /^[\p{L}\p{M}\p{N}-]+$/u.test(unicode) && !mixesLookAlikeScripts(unicode) && !breaksBidiRule(unicode);
}

/**
 * Turns what a customer typed or pasted (`  HTTPS://www.Bücher.com/shop?x=1 `) into a registrable name
 * (`xn--bcher-kva.com`). Subdomains are dropped (`blog.acme.com` → `acme.com`): only the registrable part can be bought.
 * `tlds` are the TLDs we sell; the longest one that matches wins (`acme.com.ng` is `acme` + `com.ng`).
 */
export function normalizeDomain(raw: unknown, tlds: readonly string[]): NormalizedDomain {
  if (typeof raw !== 'string') throw new DomainInputError(MESSAGES.required);
  // Checked before any work so a huge input costs nothing; a URL with a path may legitimately be longer than a name.
  if (raw.length > 2048) throw new DomainInputError(MESSAGES.tooLong);
  let host = raw.trim().toLowerCase();
  if (host === '') throw new DomainInputError(MESSAGES.required);
  host = host.replace(SCHEME, '').replace(/^\/\//, '');
  host = host.split(/[/?#\\]/, 1)[0] ?? '';
  host = host.slice(host.lastIndexOf('@') + 1); // user:pass@host
  host = host.replace(/:\d*$/, ''); // port
  host = host.replace(/\s+/g, '').replace(/^\.+/, '');
  if (host.startsWith('www.')) host = host.slice(4);
  host = host.replace(/\.+$/, '');
  if (host === '') throw new DomainInputError(MESSAGES.required);
  if (host.length > MAX_DOMAIN_LENGTH * 4) throw new DomainInputError(MESSAGES.tooLong);

  const ascii = domainToASCII(host);
  if (ascii === '') throw new DomainInputError(MESSAGES.invalid);
  if (ascii.length > MAX_DOMAIN_LENGTH) throw new DomainInputError(MESSAGES.tooLong);
  const labels = ascii.split('.');
  for (const l of labels) {
    if (l.length > MAX_LABEL_LENGTH) throw new DomainInputError(MESSAGES.labelTooLong);
    if (!LABEL.test(l)) throw new DomainInputError(MESSAGES.invalid);
  }
  if (labels.length === 1) {
    if (!reservedHyphensOk(labels[0]!)) throw new DomainInputError(hyphensMessage(labels[0]!));
    return { domain: null, label: labels[0]!, tld: null, supported: false };
  }

  let tld: string | undefined;
  for (const candidate of tlds) {
    const parts = candidate.split('.').length;
    if (parts < labels.length && labels.slice(-parts).join('.') === candidate) {
      if (!tld || parts > tld.split('.').length) tld = candidate;
    }
  }
  const supported = tld !== undefined;
  tld ??= labels[labels.length - 1]!;
  if (/^\d+$/.test(tld)) throw new DomainInputError(MESSAGES.invalid); // an IP address, not a name
  const tldParts = tld.split('.').length;
  const label = labels[labels.length - tldParts - 1]!;
  // Only the registrable label: hosts under it (a--b.acme.com) are the owner's business, not the registry's.
  if (!reservedHyphensOk(label)) throw new DomainInputError(hyphensMessage(label));
  return { domain: `${label}.${tld}`, label, tld, supported };
}
