/**
 * What the store needs from a domain registry. Two implementations: the simulated registry of CONTRACT.md
 * (default, deterministic, used by tests and `npm start`) and an RDAP client that asks the real registries.
 */
export type Availability = 'available' | 'registered' | 'unknown';

export interface TransferCheck {
  eligible: boolean;
  availability: Availability;
  /** Why the name cannot be transferred in; set when `eligible` is false. */
  reason?: string;
}

export interface DomainRegistry {
  readonly kind: 'simulated' | 'rdap';
  /** Availability of each name (names already normalised). Never throws: a failure is 'unknown'. */
  availability(names: readonly string[]): Promise<Map<string, Availability>>;
  transferEligibility(name: string): Promise<TransferCheck>;
  /** A paid registration: from now on the name is taken. */
  register(name: string): Promise<void>;
  /** A paid transfer request. */
  transferIn(name: string): Promise<void>;
  /** The store let the name go (the lifecycle released it); registries that keep no state here omit it. */
  release?(name: string): Promise<void>;
}

export const transferReasons = {
  notRegistered: (d: string) =>
    `${d} is not registered yet, so there is nothing to transfer: you can register it instead.`,
  locked: (d: string) =>
    `${d} is locked at its current registrar. Ask them to remove the transfer lock, then try again.`,
  unknown: (d: string) => `We could not reach the registry for ${d}. Please try again in a few minutes.`,
  alreadyHere: (d: string) => `${d} is already managed by this store.`,
  tooRecent: (d: string) => `${d} was registered less than 60 days ago and cannot be transferred yet.`,
} as const;
