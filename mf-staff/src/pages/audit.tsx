import styled from '@emotion/styled';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { LoadState, useLoad } from 'shared/load';
import { Button, EmptyState, Table, TextField, type Column } from 'shared/ui';
import { AUDIT_PAGE_SIZE, getAudit } from '../api/get-audit';
import type { AuditEntry } from '../api/types';
import { Row, StaffFrame, type Placeholder } from '../components/staff-frame';
import { formatWhen } from '../components/when';

/** A text value longer than this (a policy's whole text, say) is cut, with its length said. */
const LONGEST = 160;
const valueText = (value: unknown): string => {
  const text = typeof value === 'string' ? value : JSON.stringify(value) ?? String(value);
  return text.length > LONGEST ? `${text.slice(0, LONGEST)}… (${text.length} characters)` : text;
};

/** A cell that wraps (the table's cells do not), so a long value never pushes the next columns off the screen. */
const Values = styled.dl`
  margin: 0; min-width: 14ch; max-width: 36ch; white-space: normal; overflow-wrap: anywhere;
  div + div { margin-top: .25rem; }
  dt { display: inline; font-weight: 600; }
  dd { display: inline; margin: 0; }
`;

/** A before or after state: one 'field: value' line per field, or the value itself. */
function Shown({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <>—</>;
  if (typeof value !== 'object' || Array.isArray(value)) return <Values as="div">{valueText(value)}</Values>;
  const fields = Object.entries(value as Record<string, unknown>);
  if (!fields.length) return <>—</>;
  return (
    <Values>
      {fields.map(([key, v]) => (
        <div key={key}>
          <dt>{key}:</dt> <dd>{valueText(v)}</dd>
        </div>
      ))}
    </Values>
  );
}

const COLUMNS: Column<AuditEntry>[] = [
  { header: 'When', cell: (r) => formatWhen(r.created_at) },
  { header: 'Who', cell: (r) => `${r.actor} (${r.actor_role})` },
  { header: 'What', cell: (r) => `${r.action} ${r.target_type} ${r.target_id}` },
  { header: 'Before', cell: (r) => <Shown value={r.before} /> },
  { header: 'After', cell: (r) => <Shown value={r.after} /> },
  { header: 'Reason', cell: (r) => <Values as="div">{r.reason || '—'}</Values> },
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
