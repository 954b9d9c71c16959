import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { LoadState, useLoad } from 'shared/load';
import { Button, Card, Lines, TextArea } from 'shared/ui';
import { getMembers } from '../api/get-members';
import { getTicket } from '../api/get-ticket';
import { replyToTicket } from '../api/reply-ticket';
import { updateTicket } from '../api/update-ticket';
import { SavingSelect } from '../components/saving-select';
import { Row, Section, StaffFrame } from '../components/staff-frame';
import { useAction } from '../components/use-action';
import { formatWhen } from '../components/when';

const STATUSES = ['Open', 'Answered', 'Customer-Reply', 'Closed'];
const PRIORITIES = ['low', 'medium', 'high'];

export function TicketPage() {
  const id = useParams().id ?? '';
  const load = useLoad(() => Promise.all([getTicket(id), getMembers()]), { id: 'staff/ticket', key: id });
  const [message, setMessage] = useState('');
  const { busy, errors, run } = useAction();
  /** A change of status, priority or assignee: saved, then the ticket read again. */
  const save = async (change: Parameters<typeof updateTicket>[1]) => {
    const ok = await run(() => updateTicket(Number(id), change), 'Ticket updated.');
    load.reload();
    return ok;
  };
  return (
    <StaffFrame title={`Ticket #${id}`}>
      <p>
        <Link to="/staff/tickets">Back to tickets</Link>
      </p>
      <LoadState load={load} what="ticket" placeholder="cards" missing="No such ticket.">
        {([t, members]) => (
          <>
            <Card>
              <h2>{t.title}</h2>
              <p>
                From <Link to={`/staff/customers/${t.user}`}>{t.username}</Link> · {t.status} · {t.priority}
              </p>
              <Lines text={t.description} />
            </Card>
            <Section aria-label="Ticket settings">
              <Row>
                <SavingSelect
                  label="Status"
                  value={t.status}
                  options={STATUSES.map((s) => ({ value: s, label: s }))}
                  onSave={(status) => save({ status })}
                />
                <SavingSelect
                  label="Priority"
                  value={t.priority}
                  options={PRIORITIES.map((p) => ({ value: p, label: p }))}
                  onSave={(priority) => save({ priority })}
                />
                <SavingSelect
                  label="Assigned to"
                  value={t.assigned_to === null ? '' : String(t.assigned_to)}
                  error={errors.assigned_to}
                  options={[
                    { value: '', label: 'Nobody' },
                    // Accounts that may take tickets; a disabled one only while it is the current assignee.
                    ...members
                      .filter((m) => m.role !== 'billing' && (!m.disabled || m.id === t.assigned_to))
                      .map((m) => ({ value: String(m.id), label: `${m.username} (${m.role}${m.disabled ? ', disabled' : ''})` })),
                  ]}
                  onSave={(who) => save({ assigned_to: who ? Number(who) : null })}
                />
              </Row>
            </Section>
            <Section>
              <h2>Replies</h2>
              {t.replies.length ? null : <p>No replies yet.</p>}
              {t.replies.map((r) => (
                <Card key={r.id} style={{ marginBottom: '.75rem' }}>
                  <p>
                    <strong>{r.is_staff ? `${r.username} (staff)` : r.username}</strong> · {formatWhen(r.created_at)}
                  </p>
                  <Lines text={r.message} />
                </Card>
              ))}
              <form
                onSubmit={(e) => {
                  e.preventDefault();
                  void run(() => replyToTicket(t.id, message), 'Reply sent.').then((ok) => {
                    if (ok) {
                      setMessage('');
                      load.reload();
                    }
                  });
                }}
              >
                <TextArea label="Reply as staff" value={message} error={errors.message} onChange={(e) => setMessage(e.target.value)} />
                <Button type="submit" disabled={busy}>
                  Send reply
                </Button>
              </form>
            </Section>
          </>
        )}
      </LoadState>
    </StaffFrame>
  );
}
