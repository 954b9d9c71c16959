import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, renderRoutes, resetStores } from '../../../shared/testing/fake-api';
import { routes } from '../routes';

const renderAt = (path: string) => renderRoutes(routes, path);
beforeEach(resetStores);

const packages = [
  { id: 1, name: 'Starter', description: 'For first projects.' },
  { id: 2, name: 'Business', description: 'For growing businesses.' },
];
const plans = [
  { id: 1, package: 1, price: 2.99, billing_period: 'month', features: '1 website\n10 GB SSD storage' },
  { id: 2, package: 1, price: 29.9, billing_period: 'year', features: '1 website\r\n2 months free' },
  { id: 3, package: 2, price: 5.99, billing_period: 'month', features: '10 websites' },
];

it('shows every plan with its package name, price per period, billing and features', async () => {
  fakeApi({ 'GET manager/pricing_plans': { body: plans }, 'GET manager/packages': { body: packages } });
  renderAt('/pricing');
  expect(screen.getByRole('heading', { level: 1, name: 'Simple and Flexible Pricing Plans' })).toBeInTheDocument();
  const cards = await screen.findAllByRole('article');
  expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual(['Starter', 'Starter', 'Business']);
  const yearly = cards[1]!;
  expect(within(yearly).getByText('$29.90', { exact: false })).toHaveTextContent('$29.90/ year');
  expect(within(yearly).getByText('Billed year', { exact: true })).toBeInTheDocument();
  expect(within(yearly).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['1 website', '2 months free']);
  expect(within(cards[2]!).getByText('Billed month', { exact: true })).toBeInTheDocument();
  // The period is shown as the server wrote it, not rewritten ('Billed {period}').
  expect(screen.queryByText(/Billed (monthly|annually)/)).not.toBeInTheDocument();
  expect(within(cards[2]!).getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/pricing?package=2');
});

it("'Get Started' shows that package's plans, with a way back to all of them", async () => {
  fakeApi({ 'GET manager/pricing_plans': { body: plans }, 'GET manager/packages': { body: packages } });
  renderAt('/pricing');
  const [first] = await screen.findAllByRole('article');
  await userEvent.click(within(first!).getByRole('link', { name: 'Get Started' }));
  expect(await screen.findByText(/Showing the plans of the/)).toHaveTextContent('Showing the plans of the Starter package.');
  expect(screen.getAllByRole('article')).toHaveLength(2);
  await userEvent.click(screen.getByRole('link', { name: 'See all plans' }));
  expect(await screen.findAllByRole('article')).toHaveLength(3);
});

it('shows empty and failure states', async () => {
  jest.spyOn(console, 'error').mockImplementation(() => {});
  let fail = true;
  fakeApi({
    'GET manager/pricing_plans': () => (fail ? { status: 500, body: {} } : { body: [] }),
    'GET manager/packages': { body: packages },
  });
  renderAt('/pricing?package=1');
  expect(await screen.findByText('Something went wrong while fetching the pricing plans. Please retry.')).toBeInTheDocument();
  fail = false;
  await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByText('No pricing plans are available now.')).toBeInTheDocument();
});

it("a package's page (where 'Get Started' leads) puts the package's hosting plan in the cart", async () => {
  const services = [
    { id: 2, name: 'Shared Hosting', type: 'hosting', hosting_plans: [{ id: 11, name: 'Starter', price: 2.99 }, { id: 12, name: 'Business', price: 5.99 }] },
    { id: 4, name: 'VPS Hosting', type: 'hosting', hosting_plans: [{ id: 21, name: 'VPS 1', price: 12 }] },
  ];
  const { calls } = fakeApi({
    'GET manager/pricing_plans': { body: plans },
    'GET manager/packages': { body: packages },
    'GET api/services': { body: services },
    'POST api/cart': { status: 201, body: { message: 'Item added to cart successfully.', data: { items: [{}] } } },
  });
  renderAt('/pricing?package=1');
  const box = await screen.findByRole('region', { name: 'Put the Starter plan in your cart' });
  const add = await within(box).findByRole('button', { name: 'Add Shared Hosting - Starter to cart' });
  expect(within(box).queryByRole('button', { name: /Business/ })).not.toBeInTheDocument();
  expect(within(box).getByRole('link', { name: 'VPS Hosting plans' })).toHaveAttribute('href', '/services-list/4');
  await userEvent.setup().click(add);
  expect(await screen.findByText('Item added to cart successfully.')).toBeInTheDocument();
  expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({ service_id: 2, product_id: 11 });
});

it("a package chosen with 'Get Started' brings its cart box into view and gives its heading the focus; an address does not", async () => {
  fakeApi({ 'GET manager/pricing_plans': { body: plans }, 'GET manager/packages': { body: packages }, 'GET api/services': { body: [] } });
  const scrolled = jest.spyOn(Element.prototype, 'scrollIntoView');
  const arrived = renderAt('/pricing?package=1');
  await screen.findByRole('region', { name: 'Put the Starter plan in your cart' });
  expect(scrolled).not.toHaveBeenCalled();
  arrived.unmount();
  renderAt('/pricing');
  const [first] = await screen.findAllByRole('article');
  await userEvent.click(within(first!).getByRole('link', { name: 'Get Started' }));
  const box = await screen.findByRole('region', { name: 'Put the Starter plan in your cart' });
  expect(within(box).getByRole('heading', { name: 'Put the Starter plan in your cart' })).toHaveFocus();
  expect(scrolled.mock.contexts).toEqual([box]);
});
