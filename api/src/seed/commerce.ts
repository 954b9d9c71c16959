// Seed commerce (CONTRACT.md): currencies USD and NGN with an exchange rate, the TLD price table, VAT 7.5 %.
import type { Executor } from '../db';
import { commerceSettings, currencies, exchangeRates, tldPrices, tlds } from '../db/schema-commerce';
import { TLD_SEED } from '../domains/tlds';
import type { SeedContext } from './index';

export const SEED_USD_NGN_RATE = '1550';
export const SEED_VAT_PERCENT = '7.5';

export async function seedCommerce(tx: Executor, { clock }: SeedContext): Promise<void> {
  await tx.insert(currencies).values([
    { code: 'USD', name: 'US Dollar', position: 1 },
    { code: 'NGN', name: 'Nigerian Naira', position: 2 },
  ]);
  await tx
    .insert(exchangeRates)
    .values({ baseCurrency: 'USD', quoteCurrency: 'NGN', rate: SEED_USD_NGN_RATE, updatedAt: clock.now() });
  await tx.insert(commerceSettings).values({ key: 'vat_percent', value: SEED_VAT_PERCENT });
  await tx.insert(tlds).values(TLD_SEED.map((t) => ({ id: t.id, tld: t.tld, position: t.position })));
  await tx.insert(tldPrices).values(
    TLD_SEED.flatMap((t) =>
      Object.entries(t.prices).map(([currency, p]) => ({
        tldId: t.id,
        currency,
        registerMinor: p.register,
        renewalMinor: p.renewal,
        transferMinor: p.transfer,
      })),
    ),
  );
}
