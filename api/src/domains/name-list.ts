// The store's list of premium, reserved and blocked names per TLD (names.json, or DOMAIN_NAMES_FILE). Registries
// answer RDAP/WHOIS "not found" for all of them, so without this list a premium name would be sold at the list price
// and a reserved one would be sold and then refused by the registry. A real registrar also asks EPP `domain:check`
// with the fee extension (RFC 8748) before charging: that belongs behind the same DomainRegistry interface.
import fs from 'node:fs';
import bundled from './names.json';

export type NameKind = 'premium' | 'reserved' | 'blocked';

export interface NameRule {
  kind: NameKind;
  /** Premium only: minor units per currency. */
  register?: Map<string, number>;
  /** Premium only, optional: the renewal price when the registry charges premium renewals. */
  renewal?: Map<string, number>;
}

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const CURRENCY = /^[A-Z]{3}$/;

function prices(where: string, raw: unknown): Map<string, number> {
  if (!raw || typeof raw !== 'object') throw new Error(`${where} must be an object of currency: minor units`);
  const out = new Map<string, number>();
  for (const [code, amount] of Object.entries(raw as Record<string, unknown>)) {
    if (!CURRENCY.test(code) || typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount <= 0)
      throw new Error(`${where}.${code} must be a positive whole number of minor units`);
    out.set(code, amount);
  }
  if (out.size === 0) throw new Error(`${where} has no price`);
  return out;
}

function labels(where: string, raw: unknown): string[] {
  if (!Array.isArray(raw)) throw new Error(`${where} must be a list of labels`);
  return raw.map((l, i) => {
    if (typeof l !== 'string' || !LABEL.test(l))
      throw new Error(`${where}[${i}] is not a lower-case A-label`);
    return l;
  });
}

export class NameList {
  /** `label.tld` or `label.*` → rule. */
  private readonly rules = new Map<string, NameRule>();

  /** Validates the JSON form (see names.json); throws naming the first bad entry. */
  constructor(json: unknown) {
    const tlds = (json as { tlds?: unknown } | null)?.tlds;
    if (!tlds || typeof tlds !== 'object') throw new Error('the name list needs a "tlds" object');
    for (const [tld, entry] of Object.entries(tlds as Record<string, unknown>)) {
      const e = (entry ?? {}) as Record<string, unknown>;
      const key = (label: string) => `${label}.${tld.toLowerCase()}`;
      for (const kind of ['reserved', 'blocked'] as const)
        if (e[kind] !== undefined)
          for (const l of labels(`tlds.${tld}.${kind}`, e[kind])) this.rules.set(key(l), { kind });
      if (e.premium !== undefined) {
        if (!e.premium || typeof e.premium !== 'object')
          throw new Error(`tlds.${tld}.premium must be an object`);
        for (const [l, p] of Object.entries(
          e.premium as Record<string, { register?: unknown; renewal?: unknown }>,
        )) {
          const where = `tlds.${tld}.premium.${l}`;
          labels(where, [l]);
          this.rules.set(key(l), {
            kind: 'premium',
            register: prices(`${where}.register`, p?.register),
            renewal: p?.renewal === undefined ? undefined : prices(`${where}.renewal`, p.renewal),
          });
        }
      }
    }
  }

  /** The rule for a normalised `label.tld`, the TLD's own entry before the '*' one. */
  ruleFor(name: string): NameRule | undefined {
    const dot = name.indexOf('.');
    if (dot < 1) return undefined;
    const n = name.toLowerCase();
    return this.rules.get(n) ?? this.rules.get(`${n.slice(0, dot)}.*`);
  }
}

/** The bundled list, or the JSON file named by DOMAIN_NAMES_FILE instead of it. */
export function loadNameList(file?: string): NameList {
  if (!file) return new NameList(bundled);
  try {
    return new NameList(JSON.parse(fs.readFileSync(file, 'utf8')));
  } catch (err) {
    throw new Error(`DOMAIN_NAMES_FILE ${file}: ${err instanceof Error ? err.message : String(err)}`);
  }
}
