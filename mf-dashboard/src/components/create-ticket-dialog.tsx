import { useEffect, useRef, useState, type FormEvent } from 'react';
import { errorData, errorText } from 'shared/api-client';
import { TICKET_PRIORITIES, type TicketPriority } from 'shared/schemas';
import { showToast } from 'shared/toast';
import { Button, Dialog, LoadingOverlay, Select, TextArea, TextField } from 'shared/ui';
import { createTicket } from '../api/create-ticket';

const PRIORITY_OPTIONS = TICKET_PRIORITIES.map((p) => ({ value: p, label: p }));
const FIELDS = ['title', 'description', 'priority'] as const;
type Field = (typeof FIELDS)[number];

/** The server's messages for the form's fields (DRF: {"title": ["This field is required."]}). */
function fieldErrorsOf(error: unknown): Partial<Record<Field, string>> {
  const data = errorData(error);
  const out: Partial<Record<Field, string>> = {};
  for (const f of FIELDS) {
    const v = data?.[f];
    if (v !== undefined) out[f] = Array.isArray(v) ? v.map(String).join(' ') : String(v);
  }
  return out;
}

/**
 * 'Create Ticket': title, description and a priority; no client-side checks (spec section 5). The server's refusal is
 * the toast the spec gives, and its messages also stand at their fields, where focus goes.
 */
export function CreateTicketDialog({ open, onClose, onCreated }: { open: boolean; onClose(): void; onCreated(): void }) {
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [priority, setPriority] = useState<TicketPriority>('low');
  const [submitting, setSubmitting] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const first = FIELDS.find((f) => errors[f]);
    if (first) form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  }, [errors]);
  const edited = (f: Field) => errors[f] && setErrors((e) => ({ ...e, [f]: undefined }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    setSubmitting(true);
    setErrors({});
    try {
      await createTicket({ title, description, priority });
      showToast('SUCCESS', 'Ticket created successfully.');
      setTitle('');
      setDescription('');
      setPriority('low');
      onCreated();
      onClose();
    } catch (e) {
      setErrors(fieldErrorsOf(e));
      showToast('ERROR', errorText(e, 'Ticket creation failed.'));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Dialog open={open} title="Create Ticket" onClose={onClose}>
      <form ref={form} onSubmit={onSubmit} style={{ position: 'relative' }}>
        <LoadingOverlay show={submitting} label="Creating ticket…" />
        <TextField
          label="Title"
          name="title"
          value={title}
          error={errors.title}
          onChange={(e) => {
            setTitle(e.target.value);
            edited('title');
          }}
          disabled={submitting}
        />
        <TextArea
          label="Description"
          name="description"
          value={description}
          error={errors.description}
          onChange={(e) => {
            setDescription(e.target.value);
            edited('description');
          }}
          disabled={submitting}
        />
        <Select
          label="Priority"
          name="priority"
          value={priority}
          error={errors.priority}
          onChange={(e) => {
            setPriority(e.target.value as TicketPriority);
            edited('priority');
          }}
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
