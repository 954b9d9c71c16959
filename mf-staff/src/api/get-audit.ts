import { api } from 'shared/api-client';
import type { AuditEntry } from './types';

/** GET staff/audit/?action=&actor=: newest first. */
export const getAudit = (filter: { action?: string; actor?: string }) =>
  api.get('staff/audit/', { searchParams: Object.fromEntries(Object.entries(filter).filter(([, v]) => v)) }).json<AuditEntry[]>();
