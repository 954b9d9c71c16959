import { normalizeDomain } from './normalize';
import { paginate, suggestionNames } from './suggestions';
import { TLD_SEED } from './tlds';

const TLDS = TLD_SEED.map((t) => t.tld);
const names = (raw: string) => suggestionNames(normalizeDomain(raw, TLDS), TLDS);

describe('suggestionNames', () => {
  it('puts the typed name first, then the same label across TLDs, then variations', () => {
    const list = names('acme.io');
    expect(list[0]).toBe('acme.io');
    expect(list.slice(1, 12)).toEqual(TLDS.filter((t) => t !== 'io').map((t) => `acme.${t}`));
    expect(list[12]).toBe('getacme.com');
    expect(new Set(list).size).toBe(list.length);
    expect(list.length).toBeGreaterThan(30);
  });

  it('starts with the label across TLDs when no TLD (or one we do not sell) is typed', () => {
    expect(names('acme').slice(0, 12)).toEqual(TLDS.map((t) => `acme.${t}`));
    expect(names('acme.gov')[0]).toBe('acme.com');
  });

  it('offers no glued variations for IDN labels', () => {
    const list = names('bücher.ng');
    expect(list[0]).toBe('xn--bcher-kva.ng');
    expect(list).toHaveLength(TLDS.length);
  });

  it('skips variations longer than a label may be', () => {
    const long = 'a'.repeat(61);
    expect(names(long).every((d) => d.split('.')[0]!.length <= 63)).toBe(true);
    expect(names(long)).toContain(`my${long}.com`);
    expect(names(long)).not.toContain(`get${long}.com`);
  });
});

describe('paginate', () => {
  const all = Array.from({ length: 23 }, (_, i) => i);
  it('cuts pages of ten and says whether there is a next one', () => {
    expect(paginate(all, 1)).toEqual({
      items: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
      page: 1,
      total_pages: 3,
      has_next: true,
    });
    expect(paginate(all, 3)).toMatchObject({ items: [20, 21, 22], has_next: false });
    expect(paginate(all, 4).items).toEqual([]);
    expect(paginate([], 1)).toMatchObject({ total_pages: 1, has_next: false });
  });
});
