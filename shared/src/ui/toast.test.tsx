import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { showToast, toastStore } from 'shared/toast';
import { Toast } from 'shared/ui';

beforeEach(() => {
  jest.useFakeTimers();
  toastStore.setState({ showSnackbar: false, label: '', type: 'SUCCESS' });
});
afterEach(() => jest.useRealTimers());

it.each([
  ['SUCCESS', 'success'],
  ['ERROR', 'error'],
  ['INFO', 'warning'],
])('a %s toast is shown in the %s colour', (type, tone) => {
  render(<Toast />);
  act(() => showToast(type, 'Hello'));
  expect(screen.getByText('Hello')).toBeInTheDocument();
  expect(document.querySelector(`svg[data-tone="${tone}"]`)).not.toBeNull();
});

it('closes itself after 5000 ms, not before', () => {
  render(<Toast />);
  act(() => showToast('SUCCESS', 'Saved'));
  act(() => jest.advanceTimersByTime(4999));
  expect(screen.getByText('Saved')).toBeInTheDocument();
  act(() => jest.advanceTimersByTime(1));
  expect(screen.queryByText('Saved')).toBeNull();
});

it('honours a caller-set time and restarts the timer for a new message', () => {
  render(<Toast />);
  act(() => showToast('ERROR', 'One', 1000));
  act(() => jest.advanceTimersByTime(800));
  act(() => showToast('ERROR', 'Two', 1000));
  act(() => jest.advanceTimersByTime(800));
  expect(screen.getByText('Two')).toBeInTheDocument();
  act(() => jest.advanceTimersByTime(200));
  expect(screen.queryByText('Two')).toBeNull();
});

it('closes with its close button and is persisted under isEdit', async () => {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  render(<Toast />);
  act(() => showToast('SUCCESS', 'Persisted'));
  expect(JSON.parse(localStorage.getItem('isEdit')!)).toMatchObject({ version: 1, state: { label: 'Persisted', showSnackbar: true } });
  await user.click(screen.getByRole('button', { name: 'Close notification' }));
  expect(screen.queryByText('Persisted')).toBeNull();
});

it('after a reload shows a persisted message only for what is left of its time', async () => {
  const shownAt = Date.now();
  const saved = (label: string) =>
    localStorage.setItem('isEdit', JSON.stringify({ version: 1, state: { type: 'SUCCESS', label, showSnackbar: true, timeout: 5000, shownAt, id: 7 } }));
  saved('Before reload');
  jest.setSystemTime(shownAt + 3000);
  await act(() => toastStore.persist.rehydrate());
  const first = render(<Toast />);
  expect(screen.getByText('Before reload')).toBeInTheDocument();
  act(() => jest.advanceTimersByTime(1999));
  expect(screen.getByText('Before reload')).toBeInTheDocument();
  act(() => jest.advanceTimersByTime(1));
  expect(screen.queryByText('Before reload')).toBeNull();
  first.unmount();

  // Back from a payment page a minute later: the old message is not shown again.
  saved('Deposit initiated');
  jest.setSystemTime(shownAt + 60_000);
  await act(() => toastStore.persist.rehydrate());
  render(<Toast />);
  expect(screen.queryByText('Deposit initiated')).toBeNull();
});

describe('where it stands', () => {
  // jsdom lays nothing out: the window is 390 × 844 (a phone), the toast 358 × 60 at the bottom right corner.
  const rect = (top: number, height: number, left = 16, width = 358) =>
    ({ top, bottom: top + height, left, right: left + width, width, height, x: left, y: top, toJSON: () => ({}) }) as DOMRect;
  let spy: jest.SpyInstance;
  beforeEach(() => {
    Object.assign(window, { innerWidth: 390, innerHeight: 844 });
    spy = jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      if (this.dataset.type) return rect(768, 60);
      return rect(Number(this.dataset.top ?? 0), 44);
    });
  });
  afterEach(() => spy.mockRestore());
  const place = () => document.querySelector('[data-type]')!.getAttribute('data-place');

  it('goes to the top while it would cover the focused control, and back when focus moves away', () => {
    render(
      <>
        <button type="button" data-top="100">Up here</button>
        <button type="button" data-top="790">Pay</button>
        <Toast />
      </>,
    );
    screen.getByRole('button', { name: 'Pay' }).focus();
    act(() => showToast('ERROR', 'Payment failed'));
    expect(place()).toBe('top');
    act(() => screen.getByRole('button', { name: 'Up here' }).focus());
    expect(place()).toBe('bottom');
    act(() => screen.getByRole('button', { name: 'Pay' }).focus());
    expect(place()).toBe('top');
  });

  it('goes to the top while a bar of actions fixed at the bottom is in its place, also one that comes after it', async () => {
    function Page({ bar }: { bar: boolean }) {
      return (
        <>
          <button type="button" data-top="100">Up here</button>
          {bar ? (
            <div data-toast-clear="" data-top="776">
              <a href="/login">Login to Continue</a>
            </div>
          ) : null}
          <Toast />
        </>
      );
    }
    const view = render(<Page bar={false} />);
    screen.getByRole('button', { name: 'Up here' }).focus();
    act(() => showToast('SUCCESS', 'Item added to cart successfully.'));
    expect(place()).toBe('bottom');
    view.rerender(<Page bar />);
    await waitFor(() => expect(place()).toBe('top'));
    view.rerender(<Page bar={false} />);
    await waitFor(() => expect(place()).toBe('bottom'));
  });

  it('stays at the bottom when focus is elsewhere or on its own close button', () => {
    render(
      <>
        <button type="button" data-top="100">Up here</button>
        <Toast />
      </>,
    );
    screen.getByRole('button', { name: 'Up here' }).focus();
    act(() => showToast('SUCCESS', 'Saved'));
    expect(place()).toBe('bottom');
    act(() => screen.getByRole('button', { name: 'Close notification' }).focus());
    expect(place()).toBe('bottom');
  });
});
