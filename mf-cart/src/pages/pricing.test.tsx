import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, renderAt } from '../test-utils';

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
