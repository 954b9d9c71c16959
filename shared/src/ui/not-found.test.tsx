import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { NotFound } from './not-found';

it('shows Page Not Found with a Go Home link to /', () => {
  render(<MemoryRouter><NotFound /></MemoryRouter>);
  expect(screen.getByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
});
