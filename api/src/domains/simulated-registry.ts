import { type Availability, type DomainRegistry, type TransferCheck, transferReasons } from './registry';

/** Labels registered in every TLD (CONTRACT.md). */
export const REGISTERED_LABELS = ['example', 'google', 'facebook', 'jumia'] as const;
/** Registered names under these labels are locked at their registrar. */
export const LOCKED_LABELS = ['google'] as const;

const labelOf = (name: string) => name.split('.', 1)[0] ?? name;

/**
 * The registry simulation of CONTRACT.md: a handful of famous labels are registered everywhere; everything else is
 * available until bought here. Names bought here live in memory, loaded from the customers' domains at start-up
 * (`remember`) and added as invoices are paid, so a check costs no database query.
 */
export class SimulatedRegistry implements DomainRegistry {
  readonly kind = 'simulated' as const;
  private readonly boughtHere = new Set<string>();

  /** Names already registered through this store (loaded at start-up). */
  remember(names: Iterable<string>): void {
    for (const n of names) this.boughtHere.add(n.toLowerCase());
  }

  private state(name: string): Availability {
    const n = name.toLowerCase();
    if ((REGISTERED_LABELS as readonly string[]).includes(labelOf(n))) return 'registered';
    return this.boughtHere.has(n) ? 'registered' : 'available';
  }

  availability(names: readonly string[]): Promise<Map<string, Availability>> {
    return Promise.resolve(new Map(names.map((n) => [n, this.state(n)])));
  }

  transferEligibility(name: string): Promise<TransferCheck> {
    const n = name.toLowerCase();
    const label = labelOf(n);
    let check: TransferCheck;
    if (this.boughtHere.has(n))
      check = { eligible: false, availability: 'registered', reason: transferReasons.alreadyHere(n) };
    else if (!(REGISTERED_LABELS as readonly string[]).includes(label))
      check = { eligible: false, availability: 'available', reason: transferReasons.notRegistered(n) };
    else if ((LOCKED_LABELS as readonly string[]).includes(label))
      check = { eligible: false, availability: 'registered', reason: transferReasons.locked(n) };
    else check = { eligible: true, availability: 'registered' };
    return Promise.resolve(check);
  }

  register(name: string): Promise<void> {
    this.boughtHere.add(name.toLowerCase());
    return Promise.resolve();
  }

  /** A name bought here and released by the lifecycle (unpaid past Redemption) is available again. */
  release(name: string): Promise<void> {
    this.boughtHere.delete(name.toLowerCase());
    return Promise.resolve();
  }

  transferIn(name: string): Promise<void> {
    this.boughtHere.add(name.toLowerCase());
    return Promise.resolve();
  }
}
