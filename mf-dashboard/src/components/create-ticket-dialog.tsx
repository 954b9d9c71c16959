import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { errorText } from 'shared/api-client';
import { TICKET_PRIORITIES, type TicketPriority } from 'shared/schemas';
import { showToast } from 'shared/toast';
import { Button, Dialog, LoadingOverlay, Select, TextArea, TextField } from 'shared/ui';
import { createTicket } from '../api/create-ticket';
import { serverErrors } from './form-errors';

const PRIORITY_OPTIONS = TICKET_PRIORITIES.map((p) => ({ value: p, label: p }));
const FIELDS = ['title', 'description', 'priority'] as const;
type Field = (typeof FIELDS)[number];
const EMPTY = { title: '', description: '', priority: 'low' as TicketPriority };

/**
 * 'Create Ticket': title, description and a priority; no client-side checks (spec section 5). The server's refusal is
 * the toast the spec gives, and its messages also stand at their fields, where focus goes.
 */
export function CreateTicketDialog({ open, onClose, onCreated }: { open: boolean; onClose(): void; onCreated(): void }) {
  const [values, setValues] = useState(EMPTY);
  const [submitting, setSubmitting] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const first = FIELDS.find((f) => errors[f]);
    if (first) form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  }, [errors]);
  /** A field's props: its value, its server message until it is edited, disabled during the call. */
  const field = (name: Field) => ({
    name,
    value: values[name],
    error: errors[name],
    disabled: submitting,
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
      setValues((v) => ({ ...v, [name]: e.target.value }));
      if (errors[name]) setErrors((x) => ({ ...x, [name]: undefined }));
    },
  });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    setSubmitting(true);
    setErrors({});
    try {
      await createTicket(values);
      showToast('SUCCESS', 'Ticket created successfully.');
      setValues(EMPTY);
      onCreated();
      onClose();
    } catch (e) {
      setErrors(serverErrors(e, FIELDS) ?? {});
      showToast('ERROR', errorText(e, 'Ticket creation failed.'));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Dialog open={open} title="Create Ticket" onClose={onClose}>
      <form ref={form} onSubmit={onSubmit} style={{ position: 'relative' }}>
        <LoadingOverlay show={submitting} label="Creating ticket…" />
        <TextField label="Title" {...field('title')} />
        <TextArea label="Description" {...field('description')} />
        <Select label="Priority" {...field('priority')} options={PRIORITY_OPTIONS} />
        <Button type="submit" disabled={submitting} style={{ width: '100%' }}>
          Create Ticket
        </Button>
      </form>
    </Dialog>
  );
}
