import { useState } from 'react';
import { Button, Table, type Column } from 'shared/ui';
import { getMe } from '../api/get-me';
import { getTickets } from '../api/get-tickets';
import type { Ticket } from '../api/schemas';
import { Clip } from '../components/clip';
import { CreateTicketDialog } from '../components/create-ticket-dialog';
import { CountTile, DashboardFrame, Tiles } from '../components/dashboard-frame';
import { dash } from '../components/dash';
import { TicketPanel } from '../components/ticket-panel';
import { DateCell, TableBox } from '../components/table-box';
import { ListState, useLoad } from 'shared/load';

const COLUMNS: Column<Ticket>[] = [
  { header: 'Ticket Id', cell: (t) => dash(t.id) },
  { header: 'Issue Title', cell: (t) => dash(t.title) },
  { header: 'Description', cell: (t) => <Clip text={dash(t.description)} /> },
  { header: 'Status', cell: (t) => dash(t.status) },
  { header: 'Priority', cell: (t) => dash(t.priority) },
  { header: 'Date Created', cell: (t) => <DateCell value={t.created_at} /> },
  { header: 'Assigned To', cell: (t) => dash(t.assigned_to) },
];

export function TicketsPage() {
  const tickets = useLoad(getTickets, { id: 'dashboard/tickets' });
  const me = useLoad(getMe, { id: 'dashboard/me' });
  const [creating, setCreating] = useState(false);
  const [openId, setOpenId] = useState<Ticket['id'] | null>(null);
  // The panel shows the listed ticket, so a status changed by a reply appears once the list reloads.
  const open = openId === null || tickets.state !== 'ready' ? null : (tickets.data.find((t) => t.id === openId) ?? null);
  return (
    <DashboardFrame title="Tickets">
      <div style={{ marginBottom: '1.5rem' }}>
        <Button onClick={() => setCreating(true)}>Create Ticket</Button>
      </div>
      <Tiles>
        <CountTile label="Total Tickets" value={tickets.state === 'ready' ? tickets.data.length : tickets.state === 'failed' ? 'failed' : null} />
      </Tiles>
      <ListState load={tickets} what="tickets" columns={COLUMNS.length} empty="No tickets yet." isEmpty={(list) => list.length === 0}>
        {(list) => (
          <TableBox>
            <Table
            caption="Tickets"
            columns={COLUMNS}
            rows={list}
            rowKey={(t) => t.id}
            onRowClick={(t) => setOpenId(t.id)}
            rowLabel={(t) => `Ticket ${t.id}: ${t.title}`}
          />
          </TableBox>
        )}
      </ListState>
      <CreateTicketDialog open={creating} onClose={() => setCreating(false)} onCreated={tickets.reload} />
      <TicketPanel ticket={open} meId={me.state === 'ready' ? me.data.id : null} onClose={() => setOpenId(null)} onReplied={tickets.reload} />
    </DashboardFrame>
  );
}
