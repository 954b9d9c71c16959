import { DomainInputError, MESSAGES, normalizeDomain, reservedHyphensOk } from './normalize';
import { TLD_SEED } from './tlds';

const TLDS = TLD_SEED.map((t) => t.tld);
const n = (raw: unknown) => normalizeDomain(raw, TLDS);
const fails = (raw: unknown) => {
  try {
    n(raw);
  } catch (e) {
    expect(e).toBeInstanceOf(DomainInputError);
    return (e as Error).message;
  }
  throw new Error(`expected ${JSON.stringify(raw)} to be refused`);
};

describe('normalizeDomain', () => {
  it('lower-cases, trims and removes spaces', () => {
    expect(n('  My Brand.COM ')).toEqual({
      domain: 'mybrand.com',
      label: 'mybrand',
      tld: 'com',
      supported: true,
    });
  });

  it('strips scheme, www., credentials, port, path, query and fragment', () => {
    expect(n('HTTPS://www.Acme.ng:8443/shop/index.html?x=1#top').domain).toBe('acme.ng');
    expect(n('http://user:pw@acme.com').domain).toBe('acme.com');
    expect(n('//acme.org/').domain).toBe('acme.org');
    expect(n('acme.com.').domain).toBe('acme.com');
  });

  it('picks the longest TLD we sell and drops subdomains', () => {
    expect(n('acme.com.ng')).toMatchObject({
      domain: 'acme.com.ng',
      label: 'acme',
      tld: 'com.ng',
      supported: true,
    });
    expect(n('shop.acme.co.uk')).toMatchObject({ domain: 'acme.co.uk', label: 'acme', tld: 'co.uk' });
    expect(n('blog.acme.com').domain).toBe('acme.com');
  });

  it('keeps a TLD we do not sell, flagged unsupported', () => {
    expect(n('acme.gov')).toEqual({ domain: 'acme.gov', label: 'acme', tld: 'gov', supported: false });
  });

  it('returns a bare label when no TLD is typed', () => {
    expect(n('Acme')).toEqual({ domain: null, label: 'acme', tld: null, supported: false });
  });

  it('converts IDNs to punycode', () => {
    expect(n('Bücher.com').domain).toBe('xn--bcher-kva.com');
    expect(n('https://www.ÖBB.ng/').domain).toBe('xn--bb-eka.ng');
  });

  it('refuses empty, non-string, invalid and oversized input with a clear message', () => {
    expect(fails('')).toBe(MESSAGES.required);
    expect(fails('   ')).toBe(MESSAGES.required);
    expect(fails(undefined)).toBe(MESSAGES.required);
    expect(fails('https://www.')).toBe(MESSAGES.required);
    expect(fails('-acme.com')).toBe(MESSAGES.invalid);
    expect(fails('acme-.com')).toBe(MESSAGES.invalid);
    expect(fails('ac_me.com')).toBe(MESSAGES.invalid);
    expect(fails('ac!me.com')).toBe(MESSAGES.invalid);
    expect(fails('10.0.0.1')).toBe(MESSAGES.invalid);
    expect(fails(`${'a'.repeat(64)}.com`)).toBe(MESSAGES.labelTooLong);
    expect(fails('a'.repeat(300))).toBe(MESSAGES.tooLong);
    expect(fails(`${'abcdefghi.'.repeat(30)}com`)).toBe(MESSAGES.tooLong);
    expect(fails('x'.repeat(5000))).toBe(MESSAGES.tooLong);
  });

  it('refuses -- in the third and fourth places unless the label is a valid A-label (RFC 5891)', () => {
    expect(fails('ab--cd.com')).toBe(MESSAGES.hyphens34);
    expect(fails('AB--CD')).toBe(MESSAGES.hyphens34);
    expect(reservedHyphensOk('xn--abc-')).toBe(false); // decodes to plain 'abc'
    expect(reservedHyphensOk('xn--zz')).toBe(false); // not Punycode at all
    // An emoji (typed, or as its A-label): not a letter, mark or digit, and said so, not as a hyphen rule.
    expect(fails('xn--ls8h.com')).toBe(MESSAGES.badIdn);
    expect(fails('😀.com')).toBe(MESSAGES.badIdn);
    expect(fails('zz--bcher-kva.ng')).toBe(MESSAGES.hyphens34);
    expect(n('xn--bcher-kva.com').domain).toBe('xn--bcher-kva.com');
    expect(n('XN--MLLER-KVA.com.ng').domain).toBe('xn--mller-kva.com.ng');
    expect(n('a--b.acme.com').domain).toBe('acme.com'); // a host under the name is not registered
    expect(n('ab-cd.com').domain).toBe('ab-cd.com');
    expect(n('a-b--c.com').domain).toBe('a-b--c.com'); // -- elsewhere is fine
  });

  it('refuses a label mixing look-alike scripts (Latin, Cyrillic, Greek): a homograph of another name', () => {
    expect(fails('\u0430pple.com')).toBe(MESSAGES.badIdn); // Cyrillic а, then Latin pple
    expect(fails('xn--pple-43d.com')).toBe(MESSAGES.badIdn); // the same as its A-label
    expect(fails('p\u03bfst.com')).toBe(MESSAGES.badIdn); // Greek ο among Latin
    expect(fails('\u043c\u03bf\u0440.com')).toBe(MESSAGES.badIdn); // Cyrillic and Greek
    // One script, with digits and hyphens; and scripts that are not look-alikes of these together.
    expect(n('bücher-24.com').domain).toBe('xn--bcher-24-65a.com');
    expect(n('\u043f\u0440\u0438\u043c\u0435\u0440.com').domain).toBe('xn--e1afmkfd.com'); // пример
    expect(n('\u03c0\u03b1\u03c1\u03ac\u03b4\u03b5\u03b9\u03b3\u03bc\u03b1.com').domain).toMatch(/^xn--/);
    expect(n('\u6771\u4eac\u30bf\u30ef\u30fc\u3068.com').domain).toMatch(/^xn--/); // Han, Katakana, Hiragana
  });

  it('refuses Latin mixed with any script but those of Chinese, Japanese and Korean (UTS #39 highly restrictive)', () => {
    expect(fails('\ua4d6oogle.com')).toBe(MESSAGES.badIdn); // Lisu ꓖ, then Latin oogle
    expect(fails('\ua4d1aypal.com')).toBe(MESSAGES.badIdn); // Lisu ꓑ
    expect(fails('\u13aap\u13e2le.com')).toBe(MESSAGES.badIdn); // Cherokee Ꭺ and Ꮲ among Latin
    expect(fails('g\u0585\u0585gle.com')).toBe(MESSAGES.badIdn); // Armenian օ
    expect(fails('\u043f\u0440\u0438\ua4d6.com')).toBe(MESSAGES.badIdn); // Cyrillic with Lisu
    // Latin with Japanese, Chinese or Korean is how those languages write names; Lisu or Cherokee alone is one script.
    expect(n('abc\u6771\u4eac.com').domain).toMatch(/^xn--/);
    expect(n('abc\ud55c\uad6d.com').domain).toMatch(/^xn--/);
    expect(n('\ua4d6\ua4f2\ua4e1.com').domain).toMatch(/^xn--/);
  });

  it('keeps the IDNA bidi rule (RFC 5893): no Arabic-Indic digit in a left-to-right label, right-to-left labels begin with a letter', () => {
    // Refused here, or already by domainToASCII where Node's URL parser checks the bidi rule itself (Node 24).
    const refused = [MESSAGES.badIdn, MESSAGES.invalid];
    expect(refused).toContain(fails('atk\u0663.com')); // atk٣
    expect(refused).toContain(fails('\u0663\u0627\u062e\u062a\u0628\u0627\u0631.com')); // ٣ first
    // European and Arabic-Indic digits together (domainToASCII refuses it already), and an end on a hyphen.
    expect(fails('\u0627\u062e\u062a\u0628\u0627\u06311\u0663.com')).toBe(MESSAGES.invalid);
    expect(fails('\u0627\u062e\u062a\u0628\u0627\u0631-.com')).toBeTruthy();
    // Arabic and Hebrew names, with the digits of one kind, are fine.
    expect(n('\u0627\u062e\u062a\u0628\u0627\u0631.com').domain).toMatch(/^xn--/);
    expect(n('\u0627\u062e\u062a\u0628\u0627\u0631\u0663.com').domain).toMatch(/^xn--/);
    expect(n('\u0627\u062e\u062a\u0628\u0627\u06312024.com').domain).toMatch(/^xn--/);
    expect(n('\u05e9\u05dc\u05d5\u05dd.com').domain).toMatch(/^xn--/);
  });
});
