import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { LoadState, useLoad } from 'shared/load';
import { Button, EmptyState, Table, TextField, type Column } from 'shared/ui';
import { AUDIT_PAGE_SIZE, getAudit } from '../api/get-audit';
import type { AuditEntry } from '../api/types';
import { Row, StaffFrame, type Placeholder } from '../components/staff-frame';

const shown = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value));
const COLUMNS: Column<AuditEntry>[] = [
  { header: 'When', cell: (r) => new Date(r.created_at).toLocaleString() },
  { header: 'Who', cell: (r) => `${r.actor} (${r.actor_role})` },
  { header: 'What', cell: (r) => `${r.action} ${r.target_type} ${r.target_id}` },
  { header: 'Before', cell: (r) => shown(r.before) },
  { header: 'After', cell: (r) => shown(r.after) },
  { header: 'Reason', cell: (r) => r.reason || '—' },
];
/** While the entries load: their table, in grey. */
export const AUDIT_LOADING: Placeholder = { placeholder: 'table', columns: COLUMNS.length };

/** The audit log, newest first, a page at a time; the filters and the page are in the address (shareable, Back works). */
export function AuditPage() {
  const [params, setParams] = useSearchParams();
  const applied = { action: params.get('action') ?? '', actor: params.get('actor') ?? '', before: params.get('before') ?? '' };
  const [filter, setFilter] = useState({ action: applied.action, actor: applied.actor });
  // Back and Forward change the address: the fields follow it.
  useEffect(() => setFilter({ action: applied.action, actor: applied.actor }), [applied.action, applied.actor]);
  const load = useLoad(() => getAudit(applied), {
    id: 'staff/audit',
    key: `${applied.action}|${applied.actor}|${applied.before}`,
    keepOnNewKey: true,
  });
  /** The address of this list with `changes` applied (an empty value removes its parameter). */
  const href = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    const query = next.toString();
    return query ? `?${query}` : '?';
  };
  return (
    <StaffFrame title="Audit log">
      <form
        role="search"
        aria-label="Filter the audit log"
        onSubmit={(e) => {
          e.preventDefault();
          // A new filter starts again at the newest entries.
          setParams(new URLSearchParams(href({ action: filter.action.trim(), actor: filter.actor.trim(), before: '' }).slice(1)));
        }}
      >
        <Row>
          <TextField label="Action starts with" value={filter.action} onChange={(e) => setFilter({ ...filter, action: e.target.value })} />
          <TextField label="Staff member" value={filter.actor} onChange={(e) => setFilter({ ...filter, actor: e.target.value })} />
          <div style={{ marginBottom: '1rem' }}>
            <Button type="submit">Filter</Button>
          </div>
        </Row>
      </form>
      <LoadState load={load} what="audit log" {...AUDIT_LOADING}>
        {(rows) =>
          rows.length ? (
            <Table
              caption="Audit log, newest first"
              rows={rows}
              rowKey={(r) => r.id}
              columns={COLUMNS}
            />
          ) : (
            <EmptyState>No entries.</EmptyState>
          )
        }
      </LoadState>
      {load.state === 'ready' ? (
        <nav aria-label="Audit log pages" style={{ display: 'flex', gap: '1.5rem', marginTop: '1rem' }}>
          {applied.before ? <Link to={href({ before: '' })}>Newest entries</Link> : null}
          {load.data.length >= AUDIT_PAGE_SIZE ? <Link to={href({ before: String(load.data[load.data.length - 1]!.id) })}>Older entries</Link> : null}
        </nav>
      ) : null}
    </StaffFrame>
  );
}
