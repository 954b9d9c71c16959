import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as v from 'valibot';
import { Button, TextField, useSchemaForm } from 'shared/ui';

const nameSchema = v.object({ name: v.pipe(v.string(), v.trim(), v.nonEmpty('A name is required')) });

function NameForm({ label, submit, onValid }: { label: string; submit: string; onValid(name: string): void }) {
  const form = useSchemaForm(nameSchema, { name: '' }, (values) => onValid(values.name));
  return (
    <form onSubmit={form.onSubmit} noValidate>
      <TextField label={label} {...form.field('name')} />
      <Button type="submit">{submit}</Button>
    </form>
  );
}

it('a submit with an invalid field focuses that field in the submitted form, not a same-named one in another form', async () => {
  const saved: string[] = [];
  render(
    <>
      <NameForm label="New name" submit="Save name" onValid={(name) => saved.push(`renamed ${name}`)} />
      <NameForm label="Passkey name" submit="Add a passkey" onValid={(name) => saved.push(`added ${name}`)} />
    </>,
  );
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Add a passkey' }));
  expect(screen.getByLabelText('Passkey name')).toHaveFocus();
  expect(screen.getByLabelText('Passkey name')).toHaveAccessibleDescription('A name is required');
  // The other form was not submitted: its field says nothing yet.
  expect(screen.getByLabelText('New name')).not.toHaveAttribute('aria-invalid');

  await user.click(screen.getByRole('button', { name: 'Save name' }));
  expect(screen.getByLabelText('New name')).toHaveFocus();
  expect(saved).toEqual([]);

  await user.type(screen.getByLabelText('Passkey name'), 'Work laptop');
  await user.click(screen.getByRole('button', { name: 'Add a passkey' }));
  expect(saved).toEqual(['added Work laptop']);
});
