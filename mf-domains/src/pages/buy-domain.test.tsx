import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAt } from '../test/utils';

afterEach(() => jest.restoreAllMocks());

it('lists six placeholder domains at #15,000, each with a Buy link to the checkout', async () => {
  const { router } = renderAt('/buy-domain');
  const grid = screen.getByRole('list', { name: 'Domains for sale' });
  const items = within(grid).getAllByRole('listitem');
  expect(items).toHaveLength(6);
  for (const item of items) {
    expect(within(item).getByText('#15,000')).toBeInTheDocument();
    expect(within(item).getByRole('link', { name: /^Buy / })).toHaveAttribute('href', '/buy-domain/checkout');
  }
  await userEvent.setup().click(within(items[0]!).getByRole('link', { name: /^Buy / }));
  expect(router.state.location.pathname).toBe('/buy-domain/checkout');
  expect(screen.getByRole('heading', { level: 1, name: 'Checkout' })).toBeInTheDocument();
});

it('Check Availability only logs the typed name and calls nothing', async () => {
  const log = jest.spyOn(console, 'log').mockImplementation(() => {});
  const fetchSpy = jest.spyOn(globalThis, 'fetch');
  renderAt('/buy-domain');
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Domain name'), 'mine.ng');
  await user.click(screen.getByRole('button', { name: 'Check Availability' }));
  expect(log).toHaveBeenCalledWith('Check Availability', { domain: 'mine.ng' });
  expect(fetchSpy).not.toHaveBeenCalled();
});

it('the checkout is a static form whose buttons do nothing', async () => {
  const fetchSpy = jest.spyOn(globalThis, 'fetch');
  const { router } = renderAt('/buy-domain/checkout');
  for (const label of ['First name', 'Last name', 'Email', 'Phone', 'Street', 'City', 'State', 'Zip', 'Card number', 'Expiry', 'CVV']) {
    expect(screen.getByLabelText(label)).toBeInTheDocument();
  }
  const group = screen.getByRole('group', { name: 'Payment method' });
  expect(within(group).getByRole('radio', { name: 'Card' })).toBeChecked();
  const user = userEvent.setup();
  await user.click(within(group).getByRole('radio', { name: 'Wallet' }));
  expect(within(group).getByRole('radio', { name: 'Wallet' })).toBeChecked();
  for (const name of ['Pay later', 'Pay now']) {
    const button = screen.getByRole('button', { name });
    expect(button).toHaveAttribute('type', 'button');
    await user.click(button);
  }
  expect(fetchSpy).not.toHaveBeenCalled();
  expect(router.state.location.pathname).toBe('/buy-domain/checkout');
});
