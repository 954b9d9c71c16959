import { screen } from '@testing-library/react';
import { renderAt, resetStores } from '../test-utils';

beforeEach(resetStores);

it('welcomes the customer and links to log in', () => {
  renderAt('/emailverified/');
  expect(screen.getByRole('heading', { level: 1, name: 'Email verified' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Log in to your account' })).toHaveAttribute('href', '/auth');
  expect(screen.getAllByRole('main')).toHaveLength(1);
});
