import { useState, type FormEvent } from 'react';
import { errorText } from 'shared/api-client';
import { TICKET_PRIORITIES, type TicketPriority } from 'shared/schemas';
import { showToast } from 'shared/toast';
import { Button, Dialog, LoadingOverlay, Select, TextArea, TextField } from 'shared/ui';
import { createTicket } from '../api/create-ticket';

const PRIORITY_OPTIONS = TICKET_PRIORITIES.map((p) => ({ value: p, label: p }));

/** 'Create Ticket': title, description and a priority; no client-side checks (spec section 5). */
export function CreateTicketDialog({ open, onClose, onCreated }: { open: boolean; onClose(): void; onCreated(): void }) {
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [priority, setPriority] = useState<TicketPriority>('low');
  const [submitting, setSubmitting] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    setSubmitting(true);
    try {
      await createTicket({ title, description, priority });
      showToast('SUCCESS', 'Ticket created successfully.');
      setTitle('');
      setDescription('');
      setPriority('low');
      onCreated();
      onClose();
    } catch (e) {
      showToast('ERROR', errorText(e, 'Ticket creation failed.'));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Dialog open={open} title="Create Ticket" onClose={onClose}>
      <form onSubmit={onSubmit} style={{ position: 'relative' }}>
        <LoadingOverlay show={submitting} label="Creating ticket…" />
        <TextField label="Title" name="title" value={title} onChange={(e) => setTitle(e.target.value)} disabled={submitting} />
        <TextArea
          label="Description"
          name="description"
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          disabled={submitting}
        />
        <Select
          label="Priority"
          name="priority"
          value={priority}
          onChange={(e) => setPriority(e.target.value as TicketPriority)}
          disabled={submitting}
          options={PRIORITY_OPTIONS}
        />
        <Button type="submit" disabled={submitting} style={{ width: '100%' }}>
          Create Ticket
        </Button>
      </form>
    </Dialog>
  );
}
