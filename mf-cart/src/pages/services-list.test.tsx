import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { cartCountStore } from 'shared/cart-count';
import { currencyStore } from 'shared/currency';
import { fakeApi, renderRoutes, resetStores } from '../../../shared/testing/fake-api';
import { routes } from '../routes';

const renderAt = (path: string) => renderRoutes(routes, path);
beforeEach(resetStores);

const services = [
  { id: 1, name: 'Domain', description: 'Domains.', image: null, type: 'domain', hosting_plans: [] },
  {
    id: 2,
    name: 'Shared Hosting',
    description: 'Fast, affordable hosting.',
    image: null,
    type: 'hosting',
    hosting_plans: [
      { id: 21, name: 'Starter', price: 2.99, description: '1 website\n10 GB SSD storage', service: 2 },
      { id: 22, name: 'Business', price: 5.99, description: '10 websites\n50 GB SSD storage\nDaily backups', service: 2 },
      { id: 23, name: 'Pro', price: 9.99, description: 'Unlimited websites', service: 2 },
    ],
  },
];

it("shows the service's name, description and its plans as cards, the second one most popular", async () => {
  fakeApi({ 'GET api/services': { body: services } });
  renderAt('/services-list/2');
  expect(await screen.findByRole('heading', { level: 1, name: 'Shared Hosting' })).toBeInTheDocument();
  expect(screen.getByText('Fast, affordable hosting.')).toBeInTheDocument();
  const cards = screen.getAllByRole('article');
  expect(cards).toHaveLength(3);
  const business = screen.getByRole('article', { name: 'Business' });
  expect(within(business).getByText('$5.99', { exact: false })).toHaveTextContent('$5.99/ Month');
  expect(within(business).getByText('Billed anuually')).toBeInTheDocument();
  expect(within(business).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
    '10 websites',
    '50 GB SSD storage',
    'Daily backups',
  ]);
  expect(within(business).getByText('Most popular')).toBeInTheDocument();
  expect(within(cards[0]!).queryByText('Most popular')).not.toBeInTheDocument();
  expect(within(cards[2]!).queryByText('Most popular')).not.toBeInTheDocument();
  expect(within(business).getByRole('button', { name: 'Add to cart' })).toHaveAccessibleDescription('Business');
});

it('adds a plan to the cart with the service and plan ids, toasts the server message and updates the count', async () => {
  currencyStore.setState({ code: 'NGN' });
  const api = fakeApi({
    'GET api/services': { body: services },
    'POST api/cart': { body: { message: 'Item added to cart successfully.', data: { id: 'c', items: [{}, {}] } } },
  });
  renderAt('/services-list/2');
  const pro = await screen.findByRole('article', { name: 'Pro' });
  await userEvent.click(within(pro).getByRole('button', { name: 'Add to cart' }));
  expect(await screen.findByText('Item added to cart successfully.')).toBeInTheDocument();
  expect(api.find('POST', 'api/cart')[0]!.body).toEqual({
    service_id: 2,
    product_id: 23,
    currency: 'NGN',
    metadata: { name: 'Pro', description: 'Unlimited websites' },
  });
  expect(cartCountStore.getState().count).toBe(2);
});

it('uses the spec fallback when the server gives no message', async () => {
  fakeApi({ 'GET api/services': { body: services }, 'POST api/cart': { body: {} } });
  renderAt('/services-list/2');
  await userEvent.click((await screen.findAllByRole('button', { name: 'Add to cart' }))[0]!);
  expect(await screen.findByText('Item added to successfully added to cart.')).toBeInTheDocument();
});

it('shows the server error, else the pay-failure text, when adding fails', async () => {
  let answer: { status: number; body: unknown } = { status: 400, body: { error: 'A cart holds at most 30 items.' } };
  fakeApi({ 'GET api/services': { body: services }, 'POST api/cart': () => answer });
  renderAt('/services-list/2');
  const [first] = await screen.findAllByRole('button', { name: 'Add to cart' });
  await userEvent.click(first!);
  expect(await screen.findByText('A cart holds at most 30 items.')).toBeInTheDocument();
  answer = { status: 500, body: {} };
  await userEvent.click(first!);
  expect(await screen.findByText('Something went wrong... Please retry later.')).toBeInTheDocument();
});

it('says when the service does not exist or has no plans', async () => {
  fakeApi({ 'GET api/services': { body: services } });
  const { router } = renderAt('/services-list/99');
  expect(await screen.findByRole('heading', { name: 'Service not found' })).toBeInTheDocument();
  await act(() => router.navigate('/services-list/1'));
  expect(await screen.findByText('No plans are available for this service yet.')).toBeInTheDocument();
});

it('shows a failure message with a retry when the services cannot be read', async () => {
  jest.spyOn(console, 'error').mockImplementation(() => {});
  let fail = true;
  fakeApi({ 'GET api/services': () => (fail ? { status: 500, body: {} } : { body: services }) });
  renderAt('/services-list/2');
  expect(await screen.findByText('Something went wrong while fetching the hosting plans. Please retry.')).toBeInTheDocument();
  fail = false;
  await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Shared Hosting' })).toBeInTheDocument();
});
