// What each staff role is shown in the console: the API's access table (api/src/staff/access.ts) seen from the
// console. The API answers 404 to a call a role may not make, so a role is only shown the tabs, links and actions
// whose calls it may make (roles.test.tsx checks this table against the API's). The routes use it too: a role that
// opens another page's address gets the 404 page, as the API would answer it.
import { createContext, useContext } from 'react';
import type { StaffRole } from '../api/types';

export type Role = 'customer' | StaffRole;

const ALL: readonly StaffRole[] = ['support', 'billing', 'admin'];
const SUPPORT: readonly StaffRole[] = ['support', 'admin'];
const BILLING: readonly StaffRole[] = ['billing', 'admin'];
const ADMIN: readonly StaffRole[] = ['admin'];

/** The console's pages and actions → the staff roles that may use them. */
export const ACCESS = {
  overview: ALL,
  tickets: SUPPORT,
  customers: ALL,
  /** The 'Adjust wallet' form on a customer's page. */
  adjustWallet: BILLING,
  invoices: BILLING,
  /** 'Mark refunded' on the overview's payments to refund at the gateway. */
  markRefunded: BILLING,
  /** 'Cancel service' on a customer's page. */
  cancelService: BILLING,
  catalogue: ADMIN,
  content: ADMIN,
  audit: ADMIN,
  accounts: ADMIN,
} satisfies Record<string, readonly StaffRole[]>;
export type Area = keyof typeof ACCESS;

/** Whether `role` may use `area` (nobody may while the role is unknown). */
export function may(role: Role | null, area: Area): boolean {
  return role !== null && role !== 'customer' && ACCESS[area].includes(role);
}

/** The signed-in staff member's role, given by the route's StaffOnly (null outside it). */
export const RoleContext = createContext<Role | null>(null);

/** Whether the signed-in staff member may use `area`. */
export function useMay(area: Area): boolean {
  return may(useContext(RoleContext), area);
}
