import { screen } from '@testing-library/react';
import { mockApi, renderAt, resetStores } from '../test-utils';

beforeEach(resetStores);
afterEach(() => jest.restoreAllMocks());

it.each(['/auth', '/auth/', '/auth/anything/else', '/authorize', '/auth-old/page'])('%s is the login page', (path) => {
  mockApi({});
  renderAt(path);
  expect(screen.getByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
  expect(screen.getByLabelText('Username')).toBeInTheDocument();
});

it.each(['/emailverified/extra', '/resend-code/extra'])('%s is not found', (path) => {
  mockApi({});
  renderAt(path);
  expect(screen.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
  expect(screen.queryByLabelText('Username')).toBeNull();
});

it.each([
  ['/emailverified', 'Email verified'],
  ['/resend-code/', 'Resend activation code'],
  ['/auth/signup', 'Create an account'],
])('%s keeps its own page', (path, heading) => {
  mockApi({});
  renderAt(path);
  expect(screen.getByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
});
