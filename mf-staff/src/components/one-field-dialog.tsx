import { useState, type ReactNode } from 'react';
import { Button, Dialog, TextField } from 'shared/ui';
import { useAction } from './use-action';

interface OneField<T> {
  /** The item acted on; the dialog is open while there is one. */
  item: T | null;
  /** A fresh form per item (nothing typed for one is sent for another). */
  itemKey(item: T): string | number;
  title: string;
  /** The form's accessible name, its submit button's text. */
  submit: string;
  variant?: 'primary' | 'danger';
  /** What the action does to this item, said before the field. */
  intro(item: T): ReactNode;
  label: string;
  /** The field's name in the API's body: its 400 message is shown at the field. */
  name: string;
  maxLength: number;
  action(item: T, value: string): Promise<unknown>;
  /** The toast when it is done. */
  done: string;
  onClose(): void;
  onDone(): void;
}

/** A staff action on one item that asks one text (a reason, a gateway's reference): a dialog with its form. */
export function OneFieldDialog<T>(props: OneField<T>) {
  const { item, itemKey, title, onClose } = props;
  return (
    <Dialog open={item !== null} title={title} onClose={onClose}>
      {item !== null ? <OneFieldForm key={itemKey(item)} {...props} item={item} /> : null}
    </Dialog>
  );
}

function OneFieldForm<T>({ item, submit, variant = 'primary', intro, label, name, maxLength, action, done, onDone }: OneField<T> & { item: T }) {
  const [value, setValue] = useState('');
  const { busy, errors, run } = useAction();
  return (
    <form
      aria-label={submit}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void run(() => action(item, value), done).then((ok) => ok && onDone());
      }}
    >
      <p>{intro(item)}</p>
      <TextField label={label} name={name} value={value} error={errors[name]} onChange={(e) => setValue(e.target.value)} maxLength={maxLength} required />
      <Button type="submit" variant={variant} disabled={busy} aria-busy={busy}>
        {submit}
      </Button>
    </form>
  );
}
