import { useState } from 'react';
import { LoadState, useLoad } from 'shared/load';
import { Button, EmptyState, Table, TextField } from 'shared/ui';
import { getAudit } from '../api/get-audit';
import { Row, StaffFrame } from '../components/staff-frame';

const shown = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value));

export function AuditPage() {
  const [filter, setFilter] = useState({ action: '', actor: '' });
  const [applied, setApplied] = useState(filter);
  const load = useLoad(() => getAudit(applied), { id: 'staff/audit', key: `${applied.action}|${applied.actor}`, keepOnNewKey: true });
  return (
    <StaffFrame title="Audit log">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setApplied(filter);
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
      <LoadState load={load} what="audit log">
        {(rows) =>
          rows.length ? (
            <Table
              caption="Audit log, newest first"
              rows={rows}
              rowKey={(r) => r.id}
              columns={[
                { header: 'When', cell: (r) => new Date(r.created_at).toLocaleString() },
                { header: 'Who', cell: (r) => `${r.actor} (${r.actor_role})` },
                { header: 'What', cell: (r) => `${r.action} ${r.target_type} ${r.target_id}` },
                { header: 'Before', cell: (r) => shown(r.before) },
                { header: 'After', cell: (r) => shown(r.after) },
                { header: 'Reason', cell: (r) => r.reason || '—' },
              ]}
            />
          ) : (
            <EmptyState>No entries.</EmptyState>
          )
        }
      </LoadState>
    </StaffFrame>
  );
}
