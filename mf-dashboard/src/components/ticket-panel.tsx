import styled from '@emotion/styled';
import { useState, type FormEvent } from 'react';
import { errorText } from 'shared/api-client';
import { formatDate } from 'shared/format';
import { showToast } from 'shared/toast';
import { Button, Dialog, Lines, LoadingOverlay, TextArea, theme } from 'shared/ui';
import { closeTicket } from '../api/close-ticket';
import { createTicketReply } from '../api/create-ticket-reply';
import { getTicketReplies } from '../api/get-ticket-replies';
import type { Ticket } from '../api/schemas';
import { dash } from './dash';
import { ListState, useLoad } from 'shared/load';

const Facts = styled.dl`
  display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: .4rem 1rem; margin: 0 0 1.5rem;
  dt { font-weight: 600; color: ${theme.color.muted}; }
  dd { margin: 0; overflow-wrap: anywhere; }
`;
const Thread = styled.ol`
  list-style: none; margin: 0 0 1.5rem; padding: 0; display: flex; flex-direction: column; gap: .75rem;
  li { padding: .75rem 1rem; border-radius: ${theme.radius}; border: 1px solid ${theme.color.border}; max-width: 90%;
    overflow-wrap: anywhere; }
  li[data-own='true'] { align-self: flex-end; background: ${theme.color.primarySoft}; }
  li[data-own='false'] { align-self: flex-start; background: ${theme.color.background}; }
  li p { margin: 0; }
  li p:first-of-type { font-weight: 700; font-size: .9rem; margin-bottom: .25rem; }
  h3 + & { margin-top: .5rem; }
`;

const CloseRow = styled.p`
  display: flex; flex-wrap: wrap; align-items: center; gap: .5rem 1rem; margin: 1.5rem 0 0; padding-top: 1.25rem;
  border-top: 1px solid ${theme.color.border}; color: ${theme.color.muted}; font-size: .9rem;
`;

/** The side panel of one ticket: its facts, the reply thread ('You' for the customer's own replies) and a reply box. */
export function TicketPanel({
  ticket,
  meId,
  onClose,
  onReplied,
}: {
  ticket: Ticket | null;
  meId: number | string | null;
  onClose(): void;
  /** A reply or closing changes the ticket's status: the list reloads. */
  onReplied(): void;
}) {
  return (
    <Dialog open={ticket !== null} title={ticket?.title ?? ''} onClose={onClose} variant="side">
      {ticket ? <TicketDetails key={ticket.id} ticket={ticket} meId={meId} onReplied={onReplied} /> : null}
    </Dialog>
  );
}

function TicketDetails({ ticket, meId, onReplied }: { ticket: Ticket; meId: number | string | null; onReplied(): void }) {
  const replies = useLoad(() => getTicketReplies(ticket.id), { id: 'dashboard/ticket-replies', key: String(ticket.id) });
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const [closing, setClosing] = useState(false);
  const closed = ticket.status?.toLowerCase() === 'closed';

  const close = async () => {
    setClosing(true);
    try {
      await closeTicket(ticket.id);
      showToast('SUCCESS', 'Ticket closed.');
      onReplied();
    } catch (e) {
      showToast('ERROR', errorText(e, 'The ticket could not be closed. Please try again.'));
    } finally {
      setClosing(false);
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    if (message.trim() === '') {
      setError('Write a message to reply.');
      return;
    }
    setError(undefined);
    setSending(true);
    try {
      await createTicketReply(ticket.id, message);
      showToast('SUCCESS', 'Reply sent.');
      setMessage('');
      replies.reload();
      onReplied();
    } catch (e) {
      showToast('ERROR', errorText(e, 'Unable to send reply.'));
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <Facts>
        <dt>Description</dt>
        <dd>{ticket.description ? <Lines text={ticket.description} /> : '-'}</dd>
        <dt>Priority</dt>
        <dd>{dash(ticket.priority)}</dd>
        <dt>Status</dt>
        <dd>{dash(ticket.status)}</dd>
      </Facts>
      <h3>Replies</h3>
      <ListState load={replies} what="replies" empty="No replies yet." isEmpty={(list) => list.length === 0}>
        {(list) => (
          <Thread aria-label="Reply thread">
            {list.map((reply) => {
              const own = meId !== null && reply.user !== null && reply.user !== undefined && String(reply.user) === String(meId);
              return (
                <li key={reply.id} data-own={own}>
                  <p>{own ? 'You' : 'Reply'}</p>
                  <p>
                    <Lines text={reply.message} />
                  </p>
                  {reply.created_at ? <p style={{ color: theme.color.muted, fontSize: '.85rem' }}>{formatDate(reply.created_at)}</p> : null}
                </li>
              );
            })}
          </Thread>
        )}
      </ListState>
      <form onSubmit={onSubmit} style={{ position: 'relative' }}>
        <LoadingOverlay show={sending} label="Sending reply…" />
        <TextArea
          label="Reply message"
          name="message"
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          error={error}
          disabled={sending}
        />
        <Button type="submit" disabled={sending}>
          Reply
        </Button>
      </form>
      {closed ? (
        <p>This ticket is closed. A reply reopens it.</p>
      ) : (
        <CloseRow>
          <Button variant="secondary" onClick={() => void close()} disabled={closing} aria-busy={closing}>
            Close ticket
          </Button>
          <span>Solved? Close it; a reply later reopens it.</span>
        </CloseRow>
      )}
    </>
  );
}
