import { api } from 'shared/api-client';
import type { AuditEntry } from './types';

/** How many entries the API answers at most per page (api/src/staff/overview.ts). */
export const AUDIT_PAGE_SIZE = 100;

/** GET staff/audit/?action=&actor=&before=: newest first, entries older than `before` (an entry id) when given. */
export const getAudit = (filter: { action?: string; actor?: string; before?: string }) =>
  api.get('staff/audit/', { searchParams: Object.fromEntries(Object.entries(filter).filter(([, v]) => v)) }).json<AuditEntry[]>();
