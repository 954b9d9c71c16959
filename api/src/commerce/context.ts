// What every commerce module shares, built once per app: the price book, the registry, the payment providers and the
// names already sold here. Decorated on the app as `app.commerce` by the commerce plugin.
import { inArray } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Executor } from '../db';
import { customerDomains } from '../db/schema-commerce';
import { createRegistry } from '../domains/factory';
import { loadNameList } from '../domains/name-list';
import type { DomainRegistry } from '../domains/registry';
import { SimulatedRegistry } from '../domains/simulated-registry';
import { Catalog } from '../money/catalog';
import { PaystackProvider } from '../payments/paystack-provider';
import type { GatewayKind, PaymentProvider } from '../payments/provider';
import { SandboxProvider } from '../payments/sandbox-provider';
import type { CommerceConfig } from './config';

export interface Providers {
  /** fiat: Paystack when PAYSTACK_SECRET_KEY is set, else the sandbox; crypto: the sandbox (no crypto gateway yet). */
  forKind(kind: GatewayKind): PaymentProvider;
  byName(name: string): PaymentProvider | undefined;
  sandbox: SandboxProvider;
}

export interface Commerce {
  config: CommerceConfig;
  catalog: Catalog;
  registry: DomainRegistry;
  providers: Providers;
  /** Names live in customers' accounts here (Active or Pending Transfer): never offered again. */
  takenHere: Set<string>;
  /** Loads `takenHere` once (first request); later calls are free. */
  ready(): Promise<void>;
  /** After a paid invoice committed: tell the registry and remember the names. */
  registered(names: { name: string; transfer: boolean }[]): Promise<void>;
  /** After the lifecycle released names (unpaid past Redemption): they are for sale again. */
  released(names: string[]): Promise<void>;
}

export interface CommerceOverrides {
  registry?: DomainRegistry;
  /** The app's clock, for the registries' date rules (60-day transfer locks). */
  clock?: Clock;
  providers?: Partial<{ fiat: PaymentProvider; crypto: PaymentProvider }>;
}

export function createCommerce(
  db: Executor,
  apiBaseUrl: string,
  config: CommerceConfig,
  overrides: CommerceOverrides = {},
): Commerce {
  const registry = overrides.registry ?? createRegistry(config, overrides.clock);
  const sandbox = new SandboxProvider(apiBaseUrl, config.sandboxWebhookSecret);
  const paystack = config.paystackSecretKey
    ? new PaystackProvider({ secretKey: config.paystackSecretKey, baseUrl: config.paystackBaseUrl })
    : undefined;
  const fiat = overrides.providers?.fiat ?? paystack ?? sandbox;
  const crypto = overrides.providers?.crypto ?? sandbox;
  const all = [sandbox, fiat, crypto];
  const providers: Providers = {
    forKind: (kind) => (kind === 'crypto' ? crypto : fiat),
    byName: (name) => all.find((p) => p.name === name),
    sandbox,
  };
  const takenHere = new Set<string>();
  let loading: Promise<void> | null = null;
  const load = async () => {
    const rows = await db
      .select({ name: customerDomains.domainname })
      .from(customerDomains)
      .where(inArray(customerDomains.status, ['Active', 'Pending Transfer', 'Grace', 'Redemption']));
    for (const r of rows) takenHere.add(r.name);
    if (registry instanceof SimulatedRegistry) registry.remember(takenHere);
  };
  return {
    config,
    catalog: new Catalog(db, config.vatPercent, loadNameList(config.domainNamesFile)),
    registry,
    providers,
    takenHere,
    ready() {
      if (!loading) {
        loading = load();
        loading.catch(() => (loading = null));
      }
      return loading;
    },
    async registered(names) {
      for (const { name, transfer } of names) {
        takenHere.add(name);
        await (transfer ? registry.transferIn(name) : registry.register(name)).catch(() => {});
      }
    },
    async released(names) {
      for (const name of names) {
        takenHere.delete(name);
        await registry.release?.(name).catch(() => {});
      }
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    commerce: Commerce;
  }
}
