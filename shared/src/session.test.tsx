import { act, render, screen } from '@testing-library/react';
import { getCreatedUser, isLoggedIn, sessionStore, setCreatedUser, signOut, useLoggedIn } from 'shared/session';

function Probe() {
  return <p>{useLoggedIn() ? 'in' : 'out'}</p>;
}

beforeEach(() => sessionStore.setState({ session: null }));

it('stores the session raw under "session" and is logged in only with an access value', () => {
  expect(isLoggedIn()).toBe(false);
  sessionStore.getState().setSession({ access: 'a1', refresh: 'r1' });
  expect(localStorage.getItem('session')).toBe('{"access":"a1","refresh":"r1"}');
  expect(isLoggedIn()).toBe(true);
});

it('signOut clears the session and the created-user data, and React sees it', () => {
  render(<Probe />);
  act(() => sessionStore.getState().setSession({ access: 'a1' }));
  expect(screen.getByText('in')).toBeInTheDocument();
  setCreatedUser('ada');
  expect(getCreatedUser()).toEqual({ username: 'ada' });
  act(() => signOut());
  expect(screen.getByText('out')).toBeInTheDocument();
  expect(localStorage.getItem('session')).toBeNull();
  expect(getCreatedUser()).toBeNull();
});

it('follows another tab logging in or out', () => {
  render(<Probe />);
  act(() => {
    localStorage.setItem('session', JSON.stringify({ access: 'tab2' }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'session' }));
  });
  expect(screen.getByText('in')).toBeInTheDocument();
  act(() => {
    localStorage.setItem('session', JSON.stringify({ access: '' }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'session' }));
  });
  expect(screen.getByText('out')).toBeInTheDocument();
});
