import { act, fireEvent, render, screen } from '@testing-library/react';
import { Button, TextField } from 'shared/ui';

// The browser blurs a control that is disabled while focused (focus fixup; jsdom does not, so the blur is fired here as
// Chromium fires it): a form's field or button disabled during its call gets focus back once enabled.
function Form({ busy }: { busy: boolean }) {
  return (
    <form>
      <TextField label="Password" disabled={busy} />
      <Button type="submit" disabled={busy}>
        Sign in
      </Button>
      <a href="#elsewhere">Elsewhere</a>
    </form>
  );
}

const disableWhileFocused = (el: HTMLElement, rerender: (busy: boolean) => void) => {
  el.focus();
  // jsdom moves focus only from an enabled control: away first, then the blur Chromium fires once it is disabled.
  act(() => el.blur());
  rerender(true);
  fireEvent.blur(el);
  expect(document.body).toHaveFocus();
};

it('a field or button disabled while focused gets focus back when enabled again', () => {
  const { rerender } = render(<Form busy={false} />);
  const again = (busy: boolean) => rerender(<Form busy={busy} />);
  for (const el of [screen.getByLabelText('Password'), screen.getByRole('button', { name: 'Sign in' })]) {
    disableWhileFocused(el, again);
    again(false);
    expect(el).toHaveFocus();
  }
});

it('not when focus went elsewhere meanwhile, nor after a blur the user made', () => {
  const { rerender } = render(<Form busy={false} />);
  const again = (busy: boolean) => rerender(<Form busy={busy} />);
  const field = screen.getByLabelText('Password');
  disableWhileFocused(field, again);
  screen.getByRole('link', { name: 'Elsewhere' }).focus();
  again(false);
  expect(screen.getByRole('link', { name: 'Elsewhere' })).toHaveFocus();
  // Left by the user (enabled at the blur): a later disable and enable does not pull focus back.
  field.focus();
  act(() => field.blur());
  again(true);
  again(false);
  expect(document.body).toHaveFocus();
});
