import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiDown, renderAt } from '../test-utils';

afterEach(() => jest.restoreAllMocks());

it.each(['/contact-us', '/help'])('%s: Send Message logs the form locally and sends nothing', async (path) => {
  const fetchSpy = apiDown();
  const log = jest.spyOn(console, 'log').mockImplementation(() => {});
  const user = userEvent.setup();
  renderAt(path);
  expect(screen.getByRole('heading', { level: 1, name: 'Contact us' })).toBeInTheDocument();
  await user.type(screen.getByRole('textbox', { name: 'Full Name' }), 'Ada Obi');
  await user.type(screen.getByRole('textbox', { name: 'Email Address' }), 'ada@example.com');
  await user.type(screen.getByRole('textbox', { name: 'Company' }), 'Shoply');
  await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Ada');
  await user.type(screen.getByRole('textbox', { name: 'Your Message' }), 'Hello there');
  await user.click(screen.getByRole('button', { name: 'Send Message' }));
  expect(log).toHaveBeenCalledWith({ full_name: 'Ada Obi', email: 'ada@example.com', company: 'Shoply', name: 'Ada', message: 'Hello there' });
  expect(fetchSpy).not.toHaveBeenCalled();
  // Nothing is reset.
  expect(screen.getByRole('textbox', { name: 'Full Name' })).toHaveValue('Ada Obi');
});

it('labels each field with exactly its spec name, and marks it required', () => {
  apiDown();
  renderAt('/contact-us');
  for (const name of ['Full Name', 'Email Address', 'Company', 'Name', 'Your Message']) {
    const field = screen.getByLabelText(name, { exact: true });
    expect(field.closest('div')!.querySelector('label')!.textContent).toBe(name);
    expect(field).toBeRequired();
  }
  expect(screen.getByText('All fields are required.')).toBeInTheDocument();
});

it('submits even with empty fields (marked required, not enforced)', async () => {
  apiDown();
  const log = jest.spyOn(console, 'log').mockImplementation(() => {});
  const user = userEvent.setup();
  renderAt('/contact-us');
  await user.click(screen.getByRole('button', { name: 'Send Message' }));
  expect(log).toHaveBeenCalledTimes(1);
});

it('lists the support, partnership and API addresses and the postal address in Lagos', () => {
  apiDown();
  renderAt('/contact-us');
  expect(screen.getByRole('link', { name: 'support@hosthub.example' })).toHaveAttribute('href', 'mailto:support@hosthub.example');
  expect(screen.getByRole('link', { name: 'partners@hosthub.example' })).toHaveAttribute('href', 'mailto:partners@hosthub.example');
  expect(screen.getByRole('link', { name: 'api@hosthub.example' })).toHaveAttribute('href', 'mailto:api@hosthub.example');
  expect(screen.getByText('Lagos, Nigeria').closest('address')).toBeInTheDocument();
});
