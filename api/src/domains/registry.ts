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
  /**
   * Availability of each name (names already normalised). Never throws: a failure is 'unknown'. `fresh` skips any
   * cached answer (checkout asks the registry again just before taking the money).
   */
  availability(names: readonly string[], options?: { fresh?: boolean }): Promise<Map<string, Availability>>;
  transferEligibility(name: string): Promise<TransferCheck>;
  /** A paid registration: from now on the name is taken. */
  register(name: string): Promise<void>;
  /** A paid transfer request, with the auth (EPP) code the customer got from the losing registrar. */
  transferIn(name: string, authCode: string): Promise<void>;
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
  tooRecentTransfer: (d: string) =>
    `${d} was transferred less than 60 days ago and cannot be transferred again yet.`,
  pendingDelete: (d: string) =>
    `${d} is being deleted by its registry (pending delete), so it cannot be transferred.`,
} as const;

/** RDAP statuses (RFC 8056 spelling) that stop a transfer: the name is on its way out of the registry. */
export const DELETING_STATUSES = ['pending delete', 'redemption period', 'pending restore'];
/** RDAP statuses that lock a name at its registrar. */
export const TRANSFER_LOCKS = ['client transfer prohibited', 'server transfer prohibited', 'pending transfer'];
/** ICANN Transfer Policy: no transfer within 60 days of a registration or of a previous transfer. */
export const TRANSFER_WAIT_MS = 60 * 24 * 3600 * 1000;

export interface RegistryRecord {
  availability: Availability;
  /** EPP statuses in RDAP's lower-case spelling. */
  status: string[];
  registeredAt?: number;
  transferredAt?: number;
}

/** The transfer rules every registry applies to what it knows of a name, in the order a customer should hear them. */
export function transferCheckOf(name: string, r: RegistryRecord, now: number): TransferCheck {
  if (r.availability === 'unknown')
    return { eligible: false, availability: 'unknown', reason: transferReasons.unknown(name) };
  if (r.availability === 'available')
    return { eligible: false, availability: 'available', reason: transferReasons.notRegistered(name) };
  if (r.status.some((s) => DELETING_STATUSES.includes(s)))
    return { eligible: false, availability: 'registered', reason: transferReasons.pendingDelete(name) };
  if (r.status.some((s) => TRANSFER_LOCKS.includes(s)))
    return { eligible: false, availability: 'registered', reason: transferReasons.locked(name) };
  if (r.registeredAt !== undefined && now - r.registeredAt < TRANSFER_WAIT_MS)
    return { eligible: false, availability: 'registered', reason: transferReasons.tooRecent(name) };
  if (r.transferredAt !== undefined && now - r.transferredAt < TRANSFER_WAIT_MS)
    return { eligible: false, availability: 'registered', reason: transferReasons.tooRecentTransfer(name) };
  return { eligible: true, availability: 'registered' };
}
