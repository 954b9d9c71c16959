import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { showToast, toastStore } from 'shared/toast';
import { Dialog, Toast } from 'shared/ui';

function Screen() {
  const [open, setOpen] = useState(false);
  return (
    <main>
      <button onClick={() => setOpen(true)}>Open</button>
      <Toast />
      <Dialog open={open} title="Choose" onClose={() => setOpen(false)}>
        <label>
          Name <input />
        </label>
      </Dialog>
    </main>
  );
}

beforeEach(() => toastStore.setState({ showSnackbar: false, label: '' }));

it('makes the rest of the page inert and hidden while open, but not the toast, and gives it back on close', async () => {
  const user = userEvent.setup();
  render(<Screen />);
  const opener = screen.getByRole('button', { name: 'Open' });
  await user.click(opener);
  expect(screen.getByLabelText('Name')).toHaveFocus();
  // The opener is behind the dialog: out of the accessibility tree and not operable.
  expect(screen.queryByRole('button', { name: 'Open' })).toBeNull();
  expect(opener.closest('[inert]')).not.toBeNull();
  act(() => showToast('SUCCESS', 'Saved while open'));
  expect(screen.getByRole('status')).toHaveTextContent('Saved while open');

  await user.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(document.querySelector('[inert], [aria-hidden="true"]:not(svg)')).toBeNull();
  expect(opener).toHaveFocus();
});
