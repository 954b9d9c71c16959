import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { cartCountStore } from 'shared/cart-count';
import { currencyStore } from 'shared/currency';
import { toastStore } from 'shared/toast';
import { fakeApi, json, renderAt, type Call } from '../test/utils';

beforeEach(() => {
  jest.useFakeTimers();
  toastStore.setState({ showSnackbar: false, label: '', type: 'SUCCESS' });
  cartCountStore.setState({ count: null });
  currencyStore.setState({ code: 'USD' });
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

const setupUser = () => userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
const checks = (calls: Call[]) => calls.filter((c) => c.path === '/domain/check-transfer-eligibility/');

const eligible = (domain: string) => ({
  domain,
  eligible: true,
  transfer_price: 12.99,
  message: `${domain} can be transferred to us.`,
  id: 7,
  service: 1,
});
const locked = {
  domain: 'google.com',
  eligible: false,
  transfer_price: 12.99,
  message: 'google.com is not eligible for transfer.',
  error: 'google.com is locked at its current registrar.',
  id: 7,
  service: 1,
};

it('asks for a name when there is none, without calling the server', () => {
  const { calls } = fakeApi(() => json(eligible('x.com')));
  renderAt('/transfer-domain');
  expect(screen.getByText('You have not entered a domain name to search.')).toBeInTheDocument();
  expect(calls).toHaveLength(0);
});

it('shows an eligible name: status, transfer price, server message and the EPP form', async () => {
  const { calls } = fakeApi(() => json(eligible('example.com')));
  renderAt('/transfer-domain?query=example.com');
  const result = await screen.findByRole('region', { name: 'example.com' });
  expect(within(result).getByText('Available for transfer')).toBeInTheDocument();
  expect(within(result).getByText('Transfer price: $12.99')).toBeInTheDocument();
  expect(within(result).getByText('example.com can be transferred to us.')).toBeInTheDocument();
  expect(within(result).getByLabelText('EPP Code')).toBeInTheDocument();
  expect(within(result).getByRole('button', { name: 'Add to cart' })).toBeInTheDocument();
  expect(checks(calls)[0]!.body).toEqual({ domain: 'example.com', currency: 'USD' });
});

it('refuses an empty EPP code with the spec message and sends nothing', async () => {
  const { calls } = fakeApi(() => json(eligible('example.com')));
  renderAt('/transfer-domain?query=example.com');
  const user = setupUser();
  await user.type(await screen.findByLabelText('EPP Code'), '   ');
  await user.click(screen.getByRole('button', { name: 'Add to cart' }));
  expect(screen.getByText('EPP code is required to transfer domain')).toBeInTheDocument();
  expect(screen.getByLabelText('EPP Code')).toHaveAttribute('aria-invalid', 'true');
  expect(calls.filter((c) => c.method === 'POST' && c.path === '/api/cart/')).toHaveLength(0);
});

it('adds the transfer with its EPP code, toasts the server message and refreshes the cart count', async () => {
  const { calls } = fakeApi((c) => {
    if (c.path === '/api/cart/') return json(c.method === 'POST' ? { message: 'Item added to cart successfully.' } : { items: [{}, {}] });
    return json(eligible('example.com'));
  });
  renderAt('/transfer-domain?query=example.com');
  const user = setupUser();
  await user.type(await screen.findByLabelText('EPP Code'), 'EPP-123');
  await user.click(screen.getByRole('button', { name: 'Add to cart' }));
  await act(() => jest.advanceTimersByTimeAsync(0));
  expect(screen.queryByText('EPP code is required to transfer domain')).toBeNull();
  expect(calls.find((c) => c.method === 'POST' && c.path === '/api/cart/')!.body).toEqual({
    service_id: 1,
    product_id: 7,
    currency: 'USD',
    metadata: expect.objectContaining({ name: 'example.com', domain_name: 'example.com', is_transfer: true, epp_code: 'EPP-123' }) as unknown,
  });
  expect(toastStore.getState()).toMatchObject({ type: 'SUCCESS', label: 'Item added to cart successfully.' });
  expect(cartCountStore.getState().count).toBe(2);
  expect(screen.getByLabelText('EPP Code')).toHaveValue('');
  // The page says the name is in the cart now, with a link to it; the form stays.
  expect(screen.getByText(/is in your cart\./)).toHaveTextContent('example.com is in your cart. View cart');
  expect(screen.getByRole('link', { name: 'View cart' })).toHaveAttribute('href', '/cart');
  expect(screen.getByRole('button', { name: 'Add to cart' })).toBeInTheDocument();
});

it('says a name the cart holds already is in it, with a link to the cart', async () => {
  fakeApi((c) =>
    c.path === '/api/cart/' ? json({ items: [{ metadata: { domain_name: 'Example.com' } }] }) : json(eligible('example.com')),
  );
  renderAt('/transfer-domain?query=example.com');
  expect(await screen.findByRole('link', { name: 'View cart' })).toHaveAttribute('href', '/cart');
  expect(screen.getByLabelText('EPP Code')).toBeInTheDocument();
});

it('shows the server error text when the cart refuses the transfer', async () => {
  fakeApi((c) => (c.path === '/api/cart/' ? json({ domain_name: ['example.com is already in your cart.'] }, 400) : json(eligible('example.com'))));
  renderAt('/transfer-domain?query=example.com');
  const user = setupUser();
  await user.type(await screen.findByLabelText('EPP Code'), 'EPP-123');
  await user.click(screen.getByRole('button', { name: 'Add to cart' }));
  await act(() => jest.advanceTimersByTimeAsync(0));
  expect(toastStore.getState()).toMatchObject({ type: 'ERROR', label: 'example.com is already in your cart.' });
});

it('explains a name that is not eligible, with the server error, and offers no EPP form or retry', async () => {
  fakeApi(() => json(locked));
  renderAt('/transfer-domain?query=google.com');
  const result = await screen.findByRole('region', { name: 'google.com' });
  expect(within(result).getByText('Unavailable for transfer')).toBeInTheDocument();
  expect(within(result).getByText('Transfer price: $12.99')).toBeInTheDocument();
  expect(within(result).getByRole('alert')).toHaveTextContent(
    'google.com is not eligible for transfer. google.com is locked at its current registrar.',
  );
  expect(screen.queryByLabelText('EPP Code')).toBeNull();
  expect(screen.queryByRole('button', { name: /retry|add to cart/i })).toBeNull();
});

it('on a failed check says the name is not eligible, plus the server error text', async () => {
  fakeApi(() => json({ domain: ['Enter the full domain name with its extension, like acme.com.'] }, 400));
  renderAt('/transfer-domain?query=acme');
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'acme is not eligible for transfer. Enter the full domain name with its extension, like acme.com.',
  );
  expect(screen.getByText('Unavailable for transfer')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /retry/i })).toBeNull();
});

it('checks another name from its own search box', async () => {
  const { calls } = fakeApi((c) => json(eligible((c.body as { domain: string }).domain)));
  const { router } = renderAt('/transfer-domain?query=example.com');
  await screen.findByRole('region', { name: 'example.com' });
  const user = setupUser();
  const box = screen.getByLabelText('Domain name');
  expect(box).toHaveValue('example.com');
  await user.clear(box);
  await user.type(box, 'example.net');
  await user.click(screen.getByRole('button', { name: 'Check' }));
  expect(await screen.findByRole('region', { name: 'example.net' })).toBeInTheDocument();
  expect(router.state.location.search).toBe('?query=example.net');
  expect(checks(calls).map((c) => (c.body as { domain: string }).domain)).toEqual(['example.com', 'example.net']);
});
