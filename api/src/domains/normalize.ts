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

/**
 * Scripts whose letters pass for each other's (Cyrillic 'а' and 'р', Greek 'ο', Latin 'a', 'p', 'o'): a label mixing
 * them is the look-alike of another name ('аpple' for 'apple'), which registries refuse. Any one of them alone, and
 * every other script and combination (Japanese mixes Han, Hiragana and Katakana), are fine.
 */
const LOOK_ALIKE_SCRIPTS = [/\p{Script=Latin}/u, /\p{Script=Cyrillic}/u, /\p{Script=Greek}/u];
const mixesLookAlikeScripts = (unicode: string) => LOOK_ALIKE_SCRIPTS.filter((script) => script.test(unicode)).length > 1;

/**
 * RFC 5891 section 4.2.3.1: a label with `--` in positions 3 and 4 is reserved; only a valid A-label (`xn--` + the
 * Punycode of a Unicode label) may have it. Valid means it decodes, encodes back to itself, and the U-label is made
 * of letters, marks, digits and hyphens (IDNA2008 takes no symbols or emoji) without `--` of its own in 3-4, and not
 * of look-alike scripts mixed.
 */
export function reservedHyphensOk(label: string): boolean {
  if (label.slice(2, 4) !== '--') return true;
  if (!label.startsWith('xn--')) return false;
  const unicode = domainToUnicode(label);
  if (unicode === '' || unicode === label || domainToASCII(unicode) !== label) return false;
  // An "A-label" that decodes to plain ASCII is not an IDN (xn--abc- is 'abc').
  if ([...unicode].every((c) => c.charCodeAt(0) < 128)) return false;
  if (unicode.slice(2, 4) === '--' || unicode.startsWith('-') || unicode.endsWith('-')) return false;
  return /^[\p{L}\p{M}\p{N}-]+$/u.test(unicode) && !mixesLookAlikeScripts(unicode);
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
