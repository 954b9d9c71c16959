import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiDown, mockApi, renderRoutes } from '../../../shared/testing/fake-api';
import { routes } from '../routes';
import { NOTED_TEXT } from './contact-us';

const renderAt = (path: string) => renderRoutes(routes, path);

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
  await screen.findByText("The company's address could not be loaded right now.");
  const before = fetchSpy.mock.calls.length; // the page reads the company details; the form itself sends nothing
  await user.click(screen.getByRole('button', { name: 'Send Message' }));
  expect(log).toHaveBeenCalledWith({ full_name: 'Ada Obi', email: 'ada@example.com', company: 'Shoply', name: 'Ada', message: 'Hello there' });
  expect(fetchSpy.mock.calls.length).toBe(before);
  // The screen confirms the message was noted locally (and says it was not sent).
  expect(screen.getByText(NOTED_TEXT)).toBeVisible();
  // Nothing is reset.
  expect(screen.getByRole('textbox', { name: 'Full Name' })).toHaveValue('Ada Obi');
});

it('labels each field with exactly its spec name, and marks it required', async () => {
  apiDown();
  renderAt('/contact-us');
  expect(await screen.findByText("The company's address could not be loaded right now.")).toBeInTheDocument();
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
  await screen.findByText("The company's address could not be loaded right now.");
  await user.click(screen.getByRole('button', { name: 'Send Message' }));
  expect(log).toHaveBeenCalledTimes(1);
});

it('lists the support, partnership and API addresses and the postal address in Lagos, from the company details', async () => {
  mockApi({
    '/manager/company_details': [
      { id: 1, about_us: 'About', address: '14 Adeola Odeku Street, Victoria Island, Lagos 101241, Nigeria', phone_number: '+234 1 700 2040', email: 'hello@hosthub.example' },
    ],
  });
  renderAt('/contact-us');
  expect((await screen.findByText(/Lagos 101241, Nigeria/)).closest('address')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: '+234 1 700 2040' })).toHaveAttribute('href', 'tel:+23417002040');
  expect(screen.getByRole('link', { name: 'hello@hosthub.example' })).toHaveAttribute('href', 'mailto:hello@hosthub.example');
  expect(screen.getByRole('link', { name: 'support@hosthub.example' })).toHaveAttribute('href', 'mailto:support@hosthub.example');
  expect(screen.getByRole('link', { name: 'partners@hosthub.example' })).toHaveAttribute('href', 'mailto:partners@hosthub.example');
  expect(screen.getByRole('link', { name: 'api@hosthub.example' })).toHaveAttribute('href', 'mailto:api@hosthub.example');
});
