import { screen } from '@testing-library/react';
import { apiDown, mockApi, renderRoutes } from '../../../shared/testing/fake-api';
import { routes } from '../routes';

const renderAt = (path: string) => renderRoutes(routes, path);

afterEach(() => jest.restoreAllMocks());

it('shows the about text, address, phone and a mail link from the first record', async () => {
  mockApi({
    '/manager/company_details': [
      { id: 1, about_us: 'We host the web.\nSince 2015.', address: '1 Marina Road, Lagos', phone_number: '+234 800 000 0000', email: 'hello@company.test' },
      { id: 2, about_us: 'Second record', address: '', phone_number: '', email: '' },
    ],
  });
  renderAt('/about');
  expect(screen.getByRole('heading', { level: 1, name: 'About us' })).toBeInTheDocument();
  expect(await screen.findByText(/We host the web\./)).toBeInTheDocument();
  expect(screen.queryByText('Second record')).not.toBeInTheDocument();
  expect(screen.getByText('1 Marina Road, Lagos')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: '+234 800 000 0000' })).toHaveAttribute('href', 'tel:+2348000000000');
  expect(screen.getByRole('link', { name: 'hello@company.test' })).toHaveAttribute('href', 'mailto:hello@company.test');
});

it('shows the failure message when the call fails', async () => {
  apiDown();
  renderAt('/about');
  expect(await screen.findByText('Something went wrong while fetching the Company Information.')).toBeInTheDocument();
});

it('shows a short note when there is no record', async () => {
  mockApi({ '/manager/company_details': [] });
  renderAt('/about');
  expect(await screen.findByText('No Company Information available now.')).toBeInTheDocument();
});
