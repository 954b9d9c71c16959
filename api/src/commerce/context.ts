// What every commerce module shares, built once per app: the price book, the registry, the payment providers and the
// names already sold here. Decorated on the app as `app.commerce` by the commerce plugin.
import { inArray } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Executor } from '../db';
import { customerDomains } from '../db/schema-commerce';
import type { Provisioned } from '../billing/provision';
import { openTransferCode, type EppKeys } from '../domains/epp-codes';
import { createRegistry } from '../domains/factory';
import { loadNameList } from '../domains/name-list';
import type { DomainRegistry } from '../domains/registry';
import { SimulatedRegistry } from '../domains/simulated-registry';
import { Catalog } from '../money/catalog';
import { CoinbaseCommerceProvider } from '../payments/coinbase-provider';
import { PaystackProvider } from '../payments/paystack-provider';
import type { GatewayKind, PaymentProvider } from '../payments/provider';
import { SandboxProvider } from '../payments/sandbox-provider';
import { ConfigError } from '../config';
import type { CommerceConfig } from './config';

export interface Providers {
  /**
   * The gateway behind a payment method, or undefined when none is offered: in production a method is offered only
   * when a real provider backs it (fiat: Paystack, or the sandbox with PAYMENT_PROVIDER=sandbox; crypto: a real crypto
   * provider only). Outside production the sandbox stands in for whatever has no keys.
   */
  forKind(kind: GatewayKind): PaymentProvider | undefined;
  byName(name: string): PaymentProvider | undefined;
  /** The sandbox gateway, when it may run here (never in production without PAYMENT_PROVIDER=sandbox). */
  sandbox?: SandboxProvider;
}

/** How the process was started: production and an explicit PAYMENT_PROVIDER decide which gateways may run. */
export interface PaymentMode {
  production: boolean;
  paymentProvider?: 'sandbox' | 'paystack';
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
  registered(names: Provisioned['names']): Promise<void>;
  /** After the lifecycle released names (unpaid past Redemption): they are for sale again. */
  released(names: string[]): Promise<void>;
  /**
   * What another node of a cluster registered or released (`announce` there): this node's memory follows, without a
   * registry command (that node sent it). `reset` after a missed announcement: read the names from the database again.
   */
  heard(change: NamesChange): void;
  reset(): void;
}

/** Names that became taken or free on one node, for the others (db/events.ts 'domains'). */
export interface NamesChange {
  registered?: string[];
  released?: string[];
}

export interface CommerceOverrides {
  registry?: DomainRegistry;
  /** The app's clock, for the registries' date rules (60-day transfer locks). */
  clock?: Clock;
  providers?: Partial<{ fiat: PaymentProvider; crypto: PaymentProvider }>;
  /** Tells the other nodes of a cluster (commerce/plugin.ts: a cluster event); nothing by default. */
  announce?: (change: NamesChange) => Promise<void>;
}

export function createCommerce(
  db: Executor,
  apiBaseUrl: string,
  config: CommerceConfig,
  /** The keys transfer codes are sealed with in carts and invoices (domains/epp-codes `eppKeys`). */
  codeKey: EppKeys,
  overrides: CommerceOverrides = {},
  mode: PaymentMode = { production: false },
): Commerce {
  const registry = overrides.registry ?? createRegistry(config, overrides.clock);
  const sandboxAllowed = !mode.production || mode.paymentProvider === 'sandbox';
  const sandbox = sandboxAllowed ? new SandboxProvider(apiBaseUrl, config.sandboxWebhookSecret) : undefined;
  const paystack =
    config.paystackSecretKey && mode.paymentProvider !== 'sandbox'
      ? new PaystackProvider({
          secretKey: config.paystackSecretKey,
          baseUrl: config.paystackBaseUrl,
          currencies: config.paystackCurrencies,
        })
      : undefined;
  const coinbase = config.coinbase ? new CoinbaseCommerceProvider(config.coinbase) : undefined;
  const fiat = overrides.providers?.fiat ?? paystack ?? sandbox;
  if (!fiat) {
    // config.ts refuses this start already; this guards a caller that parsed another environment.
    throw new ConfigError(
      'Cannot start the API server: PAYSTACK_SECRET_KEY is required in production (or PAYMENT_PROVIDER=sandbox).',
    );
  }
  // Without a real crypto gateway the sandbox stands in, outside production only.
  const crypto = overrides.providers?.crypto ?? coinbase ?? (mode.production ? undefined : sandbox);
  const all = [sandbox, fiat, crypto].filter((p): p is PaymentProvider => p !== undefined);
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
      await overrides.announce?.({ registered: names.map((n) => n.name) });
      for (const { name, transfer, authCode } of names) {
        takenHere.add(name);
        // Inside the promise, so a code that does not open is a failed request like any other registry failure.
        const request = async () =>
          transfer
            ? registry.transferIn(name, authCode ? openTransferCode(codeKey, name, authCode) : '')
            : registry.register(name);
        await request().catch(() => {});
      }
    },
    async released(names) {
      for (const name of names) {
        takenHere.delete(name);
        await registry.release?.(name).catch(() => {});
      }
      await overrides.announce?.({ released: names });
    },
    heard(change) {
      for (const name of change.registered ?? []) takenHere.add(name);
      if (registry instanceof SimulatedRegistry) registry.remember(change.registered ?? []);
      for (const name of change.released ?? []) {
        takenHere.delete(name);
        // The simulated registry is this process's memory: the released name is free here too.
        if (registry instanceof SimulatedRegistry) void registry.release(name);
      }
    },
    reset() {
      takenHere.clear();
      loading = null;
      void this.ready().catch(() => {});
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    commerce: Commerce;
  }
}
