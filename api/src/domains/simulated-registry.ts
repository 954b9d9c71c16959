import {
  type Availability,
  type DomainRegistry,
  type RegistryRecord,
  type TransferCheck,
  transferCheckOf,
  transferReasons,
} from './registry';

/** Labels registered in every TLD (CONTRACT.md). */
export const REGISTERED_LABELS = ['example', 'google', 'facebook', 'jumia'] as const;
/** Registered names under these labels are locked at their registrar. */
export const LOCKED_LABELS = ['google'] as const;
/** After a deletion the name stays in pendingDelete this long before anyone can register it (RFC 3915). */
export const PENDING_DELETE_MS = 5 * 24 * 3600 * 1000;

const labelOf = (name: string) => name.split('.', 1)[0] ?? name;

export interface SimulatedOptions {
  /** The store's clock (ms): registration, transfer and deletion dates. */
  now?: () => number;
}

interface History {
  registeredAt?: number;
  transferredAt?: number;
  deletedAt?: number;
  /** The auth code the last transfer request carried (a registry checks it against the losing registrar's). */
  transferCode?: string;
}

/**
 * The registry simulation of CONTRACT.md: a handful of famous labels are registered everywhere; everything else is
 * available until bought here. Names bought here live in memory, loaded from the customers' domains at start-up
 * (`remember`) and added as invoices are paid, so a check costs no database query.
 *
 * It keeps the dates a real registry keeps, so the transfer rules of the real ones apply: a name that left this store
 * (`transferOut`) cannot come back within 60 days of that transfer (or of its registration), and a deleted name
 * (`delete`) is in pendingDelete for 5 days, registered but not transferable, then free.
 */
export class SimulatedRegistry implements DomainRegistry {
  readonly kind = 'simulated' as const;
  private readonly boughtHere = new Set<string>();
  private readonly history = new Map<string, History>();
  private readonly now: () => number;

  constructor(options: SimulatedOptions = {}) {
    this.now = options.now ?? Date.now;
  }

  /** Names already registered through this store (loaded at start-up). */
  remember(names: Iterable<string>): void {
    for (const n of names) this.boughtHere.add(n.toLowerCase());
  }

  private record(n: string): RegistryRecord {
    const h = this.history.get(n);
    if (h?.deletedAt !== undefined) {
      if (this.now() - h.deletedAt < PENDING_DELETE_MS)
        return { availability: 'registered', status: ['pending delete'] };
      this.history.delete(n); // purged: the name starts a new life
      return this.record(n);
    }
    const famous = (REGISTERED_LABELS as readonly string[]).includes(labelOf(n));
    if (!famous && !this.boughtHere.has(n) && !h) return { availability: 'available', status: [] };
    return {
      availability: 'registered',
      status: (LOCKED_LABELS as readonly string[]).includes(labelOf(n))
        ? ['client transfer prohibited']
        : ['active'],
      registeredAt: h?.registeredAt,
      transferredAt: h?.transferredAt,
    };
  }

  private state(name: string): Availability {
    const n = name.toLowerCase();
    return this.boughtHere.has(n) ? 'registered' : this.record(n).availability;
  }

  availability(names: readonly string[]): Promise<Map<string, Availability>> {
    return Promise.resolve(new Map(names.map((n) => [n, this.state(n)])));
  }

  transferEligibility(name: string): Promise<TransferCheck> {
    const n = name.toLowerCase();
    if (this.boughtHere.has(n))
      return Promise.resolve({
        eligible: false,
        availability: 'registered',
        reason: transferReasons.alreadyHere(n),
      });
    return Promise.resolve(transferCheckOf(n, this.record(n), this.now()));
  }

  register(name: string): Promise<void> {
    const n = name.toLowerCase();
    this.boughtHere.add(n);
    this.history.set(n, { registeredAt: this.now() });
    return Promise.resolve();
  }

  /**
   * A name bought here and released by the lifecycle (unpaid past Redemption: Grace and Redemption were its
   * registrar's grace periods already) is available again at once (CONTRACT.md), its history gone with it.
   */
  release(name: string): Promise<void> {
    const n = name.toLowerCase();
    this.boughtHere.delete(n);
    this.history.delete(n);
    return Promise.resolve();
  }

  /**
   * The losing registrar's code is not known to the simulation, so any code is taken; it is kept with the request,
   * as a registry keeps a pending transfer's authInfo.
   */
  transferIn(name: string, authCode: string): Promise<void> {
    const n = name.toLowerCase();
    this.boughtHere.add(n);
    const at = this.now();
    this.history.set(n, { ...this.history.get(n), transferredAt: at, deletedAt: undefined, transferCode: authCode });
    return Promise.resolve();
  }

  /** The auth code the name's last transfer request carried. */
  transferCodeOf(name: string): string | undefined {
    return this.history.get(name.toLowerCase())?.transferCode;
  }

  /** The name moved to another registrar (its customer took the EPP code elsewhere): registered there, from now. */
  transferOut(name: string): void {
    const n = name.toLowerCase();
    this.boughtHere.delete(n);
    this.history.set(n, { ...this.history.get(n), transferredAt: this.now(), deletedAt: undefined });
  }

  /** The registrar deleted the name (not renewed): pendingDelete for 5 days, then anyone may register it. */
  delete(name: string): void {
    const n = name.toLowerCase();
    this.boughtHere.delete(n);
    this.history.set(n, { deletedAt: this.now() });
  }
}
