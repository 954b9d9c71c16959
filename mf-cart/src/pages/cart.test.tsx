import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { cartCountStore } from 'shared/cart-count';
import { currencyStore } from 'shared/currency';
import { payNavigation } from '../components/payment-dialog';
import { fakeApi, logIn, renderRoutes, resetStores } from '../../../shared/testing/fake-api';
import { routes } from '../routes';

const renderAt = (path: string) => renderRoutes(routes, path);
beforeEach(resetStores);

const domain = {
  id: 11,
  service: 1,
  price: 12.99,
  metadata: { name: 'Domain registration: acme.com', domain_name: 'acme.com', description: 'acme.com, registered for one year', nameservers: [], protection: false },
};
const shared = {
  id: 12,
  service: 2,
  price: 5.99,
  metadata: { name: 'Shared Hosting - Business', description: '10 websites\n50 GB SSD storage', nameservers: null, protection: false },
};
const vps = { id: 13, service: 4, price: 24, metadata: { name: 'VPS Hosting - VPS 2', description: '4 vCPU\n8 GB RAM' } };

const cartOf = (items: unknown[], extra: Record<string, unknown> = {}) => ({ body: { id: 'cart-1', currency: 'USD', items, ...extra } });
const vat = { body: { vat_amount: 1.42, currency: 'USD' } };

const summary = () => screen.getByRole('complementary', { name: 'Order Summary' });
const itemCard = (name: string) => screen.getByRole('article', { name });
const count = () => cartCountStore.getState().count;

describe('cart contents and summary', () => {
  it('shows each item, the description of service-2 items only, prices, total and "VAT not included" to a visitor', async () => {
    const api = fakeApi({ 'GET api/cart': cartOf([domain, shared, vps]) });
    renderAt('/cart');
    expect(screen.getByRole('heading', { level: 1, name: 'Your Cart' })).toBeInTheDocument();
    const hosting = await screen.findByRole('article', { name: 'Shared Hosting - Business' });
    expect(within(hosting).getByText(/10 websites/)).toBeInTheDocument();
    expect(within(hosting).getByText('$5.99')).toBeInTheDocument();
    expect(within(itemCard('Domain registration: acme.com')).queryByText(/registered for one year/)).not.toBeInTheDocument();
    expect(within(itemCard('VPS Hosting - VPS 2')).queryByText(/4 vCPU/)).not.toBeInTheDocument();

    const box = summary();
    expect(within(box).getByText('3 items')).toBeInTheDocument();
    expect(within(box).getByText('$12.99')).toBeInTheDocument();
    expect(within(box).getByText('$24.00')).toBeInTheDocument();
    expect(within(box).getByText('Total').nextSibling).toHaveTextContent('$42.98');
    expect(within(box).getByText('VAT not included')).toBeInTheDocument();
    expect(within(box).queryByText('VAT')).not.toBeInTheDocument();
    expect(api.find('GET', 'api/vat-calculate')).toHaveLength(0);
    expect(api.find('GET', 'api/cart')[0]!.query.get('currency')).toBe('USD');
    expect(count()).toBe(3);
  });

  it('reads the cart in the chosen currency and formats prices in it', async () => {
    currencyStore.setState({ code: 'NGN' });
    const api = fakeApi({ 'GET api/cart': { body: { id: 'c', currency: 'NGN', items: [{ ...domain, price: 20000 }] } } });
    renderAt('/cart');
    const card = await screen.findByRole('article', { name: 'Domain registration: acme.com' });
    expect(within(card).getByText(/NGN\s?20,000\.00|₦\s?20,000\.00/)).toBeInTheDocument();
    expect(api.find('GET', 'api/cart')[0]!.query.get('currency')).toBe('NGN');
  });

  it('shows VAT from the server to a logged-in customer and keeps the total as the sum of the item prices', async () => {
    logIn();
    const api = fakeApi({ 'GET api/cart': cartOf([domain, shared]), 'GET api/vat-calculate': vat });
    renderAt('/cart');
    const box = await screen.findByRole('complementary', { name: 'Order Summary' });
    await waitFor(() => expect(within(box).getByText('VAT').nextSibling).toHaveTextContent('$1.42'));
    expect(within(box).getByText('Total').nextSibling).toHaveTextContent('$18.98');
    expect(within(box).queryByText('VAT not included')).not.toBeInTheDocument();
    // The line equal to what will be charged is the server's sum; without one it is computed the same way.
    expect(within(box).getByText('Amount due (incl. VAT)').nextSibling).toHaveTextContent('$20.40');
    const call = api.find('GET', 'api/vat-calculate')[0]!;
    expect(call.query.get('cart_id')).toBe('cart-1');
    expect(call.query.get('currency')).toBe('USD');
  });

  it("shows the server's amount due (incl. VAT), the amount checkout charges", async () => {
    logIn();
    fakeApi({ 'GET api/cart': cartOf([domain, shared]), 'GET api/vat-calculate': { body: { vat_amount: 1.42, currency: 'USD', total: 20.41 } } });
    renderAt('/cart');
    const box = await screen.findByRole('complementary', { name: 'Order Summary' });
    await waitFor(() => expect(within(box).getByText('Amount due (incl. VAT)').nextSibling).toHaveTextContent('$20.41'));
  });

  it('holds the amount due (incl. VAT) line from the start, so nothing above the button moves when the VAT arrives', async () => {
    logIn();
    let answer!: () => void;
    fakeApi({
      'GET api/cart': cartOf([domain]),
      'GET api/vat-calculate': () => new Promise((resolve) => (answer = () => resolve(vat))),
    });
    renderAt('/cart');
    await screen.findByRole('button', { name: 'Pay Now' });
    const box = summary();
    const lines = () => within(box).getAllByRole('term').map((t) => t.textContent);
    const before = lines();
    expect(before).toEqual(['Domain registration: acme.com', 'VAT', 'Total', 'Amount due (incl. VAT)']);
    expect(within(box).getByText('Amount due (incl. VAT)').nextSibling).toHaveTextContent('Calculating…');
    await act(async () => answer());
    expect(within(box).getByText('Amount due (incl. VAT)').nextSibling).toHaveTextContent('$14.41');
    expect(lines()).toEqual(before);
  });

  it('says the amount due is unavailable when the VAT cannot be read', async () => {
    logIn();
    fakeApi({ 'GET api/cart': cartOf([domain]), 'GET api/vat-calculate': { status: 500, body: {} } });
    renderAt('/cart');
    const box = await screen.findByRole('complementary', { name: 'Order Summary' });
    await waitFor(() => expect(within(box).getByText('Amount due (incl. VAT)').nextSibling).toHaveTextContent('Unavailable'));
    expect(within(box).getByText('VAT').nextSibling).toHaveTextContent('Unavailable');
  });

  it('shows the empty state, no pay button, and sets the header count to 0', async () => {
    fakeApi({ 'GET api/cart': cartOf([]) });
    renderAt('/cart');
    expect(await screen.findByText('No items in cart')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay Now' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Login to Continue' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clear Cart' })).toBeDisabled();
    expect(count()).toBe(0);
  });

  it('says so when the cart cannot be read, and retries', async () => {
    let fail = true;
    fakeApi({ 'GET api/cart': () => (fail ? { status: 500, body: {} } : cartOf([domain])) });
    jest.spyOn(console, 'error').mockImplementation(() => {});
    renderAt('/cart');
    expect(await screen.findByText('Something went wrong while fetching your cart. Please retry.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: 'Domain registration: acme.com' })).toBeInTheDocument();
  });
});

describe('the action button', () => {
  it('sends a visitor to log in, coming back to the cart', async () => {
    fakeApi({ 'GET api/cart': cartOf([domain, shared]) });
    renderAt('/cart');
    const link = await screen.findByRole('link', { name: 'Login to Continue' });
    expect(link).toHaveAttribute('href', '/auth?redirect=/cart');
    expect(screen.queryByRole('button', { name: 'Pay Now' })).not.toBeInTheDocument();
    await userEvent.click(link);
    expect(await screen.findByText('Now at /auth?redirect=/cart')).toBeInTheDocument();
  });

  it('offers Pay Now for a domain with hosting', async () => {
    logIn();
    fakeApi({ 'GET api/cart': cartOf([domain, vps]), 'GET api/vat-calculate': vat });
    renderAt('/cart');
    expect(await screen.findByRole('button', { name: 'Pay Now' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Add Domain|Add Hosting|Login to Continue/ })).not.toBeInTheDocument();
  });

  it('offers Pay Now for a domain-only cart', async () => {
    logIn();
    fakeApi({ 'GET api/cart': cartOf([domain]), 'GET api/vat-calculate': vat });
    renderAt('/cart');
    expect(await screen.findByRole('button', { name: 'Pay Now' })).toBeInTheDocument();
  });

  it('asks for a domain when the cart has hosting but no domain', async () => {
    logIn();
    fakeApi({ 'GET api/cart': cartOf([shared, vps]), 'GET api/vat-calculate': vat });
    renderAt('/cart');
    const link = await screen.findByRole('link', { name: 'Add Domain' });
    expect(link).toHaveAttribute('href', '/search');
    expect(screen.queryByRole('button', { name: 'Pay Now' })).not.toBeInTheDocument();
    await userEvent.click(link);
    expect(await screen.findByText('Now at /search')).toBeInTheDocument();
  });

  it('asks for hosting when the server reports the cart needs it', async () => {
    logIn();
    fakeApi({ 'GET api/cart': cartOf([domain], { needs_hosting: true }), 'GET api/vat-calculate': vat });
    renderAt('/cart');
    expect(await screen.findByRole('link', { name: 'Add Hosting' })).toHaveAttribute('href', '/search');
    expect(screen.queryByRole('button', { name: 'Pay Now' })).not.toBeInTheDocument();
  });
});

describe('removing and clearing', () => {
  it('removes one item by its named button, toasts, and updates the count', async () => {
    const api = fakeApi({
      'GET api/cart': cartOf([domain, shared]),
      'POST api/cart/remove_item': { body: { message: 'Removed.' } },
    });
    renderAt('/cart');
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Shared Hosting - Business' }));
    expect(await screen.findByText('Item removed successfully')).toBeInTheDocument();
    expect(api.find('POST', 'api/cart/remove_item')[0]!.body).toEqual({ item_id: 12 });
    expect(screen.queryByRole('article', { name: 'Shared Hosting - Business' })).not.toBeInTheDocument();
    expect(within(summary()).getByText('1 item')).toBeInTheDocument();
    expect(count()).toBe(1);
    // The keyboard goes on from the item before (the one removed was the last); then, the cart empty, to its way on.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Remove Domain registration: acme.com' })).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('link', { name: 'Search for a domain' })).toHaveFocus());
  });

  it('shows the server error when removing fails and keeps the item', async () => {
    fakeApi({
      'GET api/cart': cartOf([domain]),
      'POST api/cart/remove_item': { status: 404, body: { detail: 'No such item in your cart.' } },
    });
    renderAt('/cart');
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Domain registration: acme.com' }));
    expect(await screen.findByText('No such item in your cart.')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Domain registration: acme.com' })).toBeInTheDocument();
  });

  it('clears the cart with an empty body', async () => {
    const api = fakeApi({ 'GET api/cart': cartOf([domain, shared]), 'POST api/cart/clear_cart': { body: { message: 'ok' } } });
    renderAt('/cart');
    await userEvent.click(await screen.findByRole('button', { name: 'Clear Cart' }));
    expect(await screen.findByText('Cart cleared successfully')).toBeInTheDocument();
    expect(screen.getByText('No items in cart')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('link', { name: 'Search for a domain' })).toHaveFocus());
    expect(api.find('POST', 'api/cart/clear_cart')[0]!.body).toEqual({});
    expect(count()).toBe(0);
  });
});

describe('domain protection and nameservers', () => {
  it('offers a free protection switch on domain and service-2 items only', async () => {
    fakeApi({ 'GET api/cart': cartOf([domain, shared, vps]) });
    renderAt('/cart');
    for (const name of ['Domain registration: acme.com', 'Shared Hosting - Business']) {
      const card = await screen.findByRole('article', { name });
      expect(within(card).getByRole('switch', { name: 'Full Domain Protection' })).not.toBeChecked();
      expect(within(card).getByText('$0.00')).toBeInTheDocument();
      expect(within(card).getByRole('switch', { name: 'Full Domain Protection' })).toHaveAccessibleDescription(
        /preventing hackers from stealing the domain or making unauthorized changes/,
      );
      expect(within(card).getByRole('button', { name: '+ Add Nameserver' })).toBeInTheDocument();
    }
    const other = itemCard('VPS Hosting - VPS 2');
    expect(within(other).queryByRole('switch')).not.toBeInTheDocument();
    expect(within(other).queryByRole('button', { name: '+ Add Nameserver' })).not.toBeInTheDocument();
  });

  it('saves the protection switch to the server', async () => {
    const api = fakeApi({
      'GET api/cart': cartOf([domain]),
      'PATCH api/cart/items/11': ({ body }) => ({ body: { ...domain, metadata: { ...domain.metadata, ...(body as object) } } }),
    });
    renderAt('/cart');
    const toggle = await screen.findByRole('switch', { name: 'Full Domain Protection' });
    await userEvent.click(toggle);
    await waitFor(() => expect(api.find('PATCH', 'api/cart/items/11')).toHaveLength(1));
    expect(api.find('PATCH', 'api/cart/items/11')[0]!.body).toEqual({ protection: true });
    expect(toggle).toBeChecked();
  });

  it('turns the switch back and shows the server error when saving fails', async () => {
    fakeApi({
      'GET api/cart': cartOf([domain]),
      'PATCH api/cart/items/11': { status: 400, body: { protection: ['Domain protection applies to domains only.'] } },
    });
    renderAt('/cart');
    const toggle = await screen.findByRole('switch', { name: 'Full Domain Protection' });
    await userEvent.click(toggle);
    expect(await screen.findByText('Domain protection applies to domains only.')).toBeInTheDocument();
    expect(toggle).not.toBeChecked();
  });

  it('allows at most 2 nameservers, saves them on blur and when one is removed', async () => {
    const api = fakeApi({
      'GET api/cart': cartOf([domain]),
      'PATCH api/cart/items/11': ({ body }) => ({ body: { ...domain, metadata: { ...domain.metadata, ...(body as object) } } }),
    });
    renderAt('/cart');
    const card = await screen.findByRole('article', { name: 'Domain registration: acme.com' });
    const add = within(card).getByRole('button', { name: '+ Add Nameserver' });
    await userEvent.click(add);
    // Focus goes into the field each add puts there.
    await waitFor(() => expect(within(card).getByLabelText('Nameserver 1')).toHaveFocus());
    await userEvent.type(within(card).getByLabelText('Nameserver 1'), 'ns1.host.com');
    await userEvent.click(within(card).getByRole('button', { name: '+ Add Nameserver' }));
    await waitFor(() => expect(within(card).getByLabelText('Nameserver 2')).toHaveFocus());
    // Focus left the first field: it is saved.
    await waitFor(() => expect(api.find('PATCH', 'api/cart/items/11')).toHaveLength(1));
    expect(api.find('PATCH', 'api/cart/items/11')[0]!.body).toEqual({ nameservers: ['ns1.host.com'] });
    const oneOnly = /A domain needs two nameservers: with one, it starts on ours/;
    expect(await within(card).findByText(oneOnly)).toBeInTheDocument();

    expect(within(card).queryByRole('button', { name: '+ Add Nameserver' })).not.toBeInTheDocument();
    await userEvent.type(within(card).getByLabelText('Nameserver 2'), 'ns2.host.com');
    await userEvent.tab();
    await waitFor(() => expect(api.find('PATCH', 'api/cart/items/11')).toHaveLength(2));
    expect(api.find('PATCH', 'api/cart/items/11')[1]!.body).toEqual({ nameservers: ['ns1.host.com', 'ns2.host.com'] });
    expect(within(card).getAllByRole('textbox')).toHaveLength(2);
    expect(within(card).queryByText(oneOnly)).not.toBeInTheDocument();

    await userEvent.click(within(card).getByRole('button', { name: 'Remove nameserver 1' }));
    await waitFor(() => expect(api.find('PATCH', 'api/cart/items/11')).toHaveLength(3));
    expect(api.find('PATCH', 'api/cart/items/11')[2]!.body).toEqual({ nameservers: ['ns2.host.com'] });
    expect(within(card).getByLabelText('Nameserver 1')).toHaveValue('ns2.host.com');
    expect(within(card).queryByLabelText('Nameserver 2')).not.toBeInTheDocument();
    expect(within(card).getByRole('button', { name: '+ Add Nameserver' })).toBeInTheDocument();
    expect(within(card).getByText(oneOnly)).toBeInTheDocument();
    // The note comes after the fields and the button: appearing (the save on leaving a field answered, maybe during a
    // press of the button) it moves nothing the customer may be pressing.
    const after = within(card).getByRole('button', { name: '+ Add Nameserver' }).compareDocumentPosition(within(card).getByText(oneOnly));
    expect(after & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows the server error for a bad nameserver', async () => {
    fakeApi({
      'GET api/cart': cartOf([domain]),
      'PATCH api/cart/items/11': { status: 400, body: { nameservers: ['"bad" is not a valid host name, like ns1.example.com.'] } },
    });
    renderAt('/cart');
    const card = await screen.findByRole('article', { name: 'Domain registration: acme.com' });
    await userEvent.click(within(card).getByRole('button', { name: '+ Add Nameserver' }));
    await userEvent.type(within(card).getByLabelText('Nameserver 1'), 'bad{Enter}');
    expect(await within(card).findByText('"bad" is not a valid host name, like ns1.example.com.')).toBeInTheDocument();
    // Only the field it names is marked wrong; an empty one beside it is not.
    await userEvent.click(within(card).getByRole('button', { name: '+ Add Nameserver' }));
    await userEvent.type(within(card).getByLabelText('Nameserver 1'), '{End}{Enter}');
    expect(await within(card).findByText('"bad" is not a valid host name, like ns1.example.com.')).toBeInTheDocument();
    expect(within(card).getByLabelText('Nameserver 1')).toHaveAttribute('aria-invalid', 'true');
    expect(within(card).getByLabelText('Nameserver 2')).not.toHaveAttribute('aria-invalid');
  });
});

describe('the payment dialog', () => {
  const methods = [
    { value: 'wallet', label: 'Wallet', currencies: null },
    { value: 'fiat_payment_gateway', label: 'Pay with Fiat', currencies: null },
    { value: 'crypto_payment_gateway', label: 'Pay with Crypto', currencies: null },
  ];
  async function openDialog(routes: Parameters<typeof fakeApi>[0]) {
    logIn();
    const api = fakeApi({ 'GET api/cart': cartOf([domain, shared]), 'GET api/vat-calculate': vat, 'GET payment/methods': { body: methods }, ...routes });
    renderAt('/cart');
    await userEvent.click(await screen.findByRole('button', { name: 'Pay Now' }));
    const dialog = screen.getByRole('dialog', { name: 'Select Payment Method' });
    return { api, dialog };
  }

  it('lists the three payment methods as radio buttons, wallet first', async () => {
    fakeApi({});
    const { dialog } = await openDialog({});
    await within(dialog).findByRole('radio', { name: 'Pay with Crypto' });
    const radios = within(dialog).getAllByRole('radio');
    expect(radios.map((r) => r.closest('label')?.textContent)).toEqual(['Wallet', 'Pay with Fiat', 'Pay with Crypto']);
    expect(within(dialog).getByRole('radio', { name: 'Wallet' })).toBeChecked();
    expect(within(dialog).getByRole('group', { name: 'Payment method' })).toBeInTheDocument();
    // The page behind the dialog is inert and hidden from assistive technology: one 'Pay Now', the dialog's.
    expect(screen.getAllByRole('button', { name: 'Pay Now' })).toEqual([within(dialog).getByRole('button', { name: 'Pay Now' })]);
    expect(screen.getByRole('main', { hidden: true }).closest('[inert]')).not.toBeNull();
    expect(within(dialog).getByRole('radio', { name: 'Wallet' })).toHaveFocus();
  });

  it('knows the methods before it opens: no row arrives under the pointer once the dialog is open', async () => {
    logIn();
    const api = fakeApi({ 'GET api/cart': cartOf([domain, shared]), 'GET api/vat-calculate': vat, 'GET payment/methods': { body: methods } });
    renderAt('/cart');
    const pay = await screen.findByRole('button', { name: 'Pay Now' });
    await waitFor(() => expect(api.find('GET', 'payment/methods')).toHaveLength(1));
    await act(async () => {}); // the answer is applied
    await userEvent.click(pay);
    const dialog = screen.getByRole('dialog', { name: 'Select Payment Method' });
    // All three at once, on the first render of the open dialog, and asked for once.
    expect(within(dialog).getAllByRole('radio').map((r) => r.closest('label')?.textContent)).toEqual(['Wallet', 'Pay with Fiat', 'Pay with Crypto']);
    expect(api.find('GET', 'payment/methods')).toHaveLength(1);
  });

  it('offers no crypto when the store has no crypto gateway (GET payment/methods/ leaves it out)', async () => {
    const { api, dialog } = await openDialog({ 'GET payment/methods': { body: methods.slice(0, 2) } });
    await waitFor(() => expect(api.find('GET', 'payment/methods')).toHaveLength(1));
    await waitFor(() => expect(within(dialog).getAllByRole('radio').map((r) => r.closest('label')?.textContent)).toEqual(['Wallet', 'Pay with Fiat']));
    expect(within(dialog).queryByRole('radio', { name: 'Pay with Crypto' })).not.toBeInTheDocument();
  });

  it('gives the page back when the dialog closes, focus on the button that opened it', async () => {
    await openDialog({});
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.querySelector('[inert]')).toBeNull();
    expect(screen.getByRole('button', { name: 'Pay Now' })).toHaveFocus();
  });

  it('pays by wallet: toasts the server message and goes to the invoices', async () => {
    const { api, dialog } = await openDialog({
      'POST api/checkout': { body: { message: 'Payment successful. Your order is now active.', data: { invoice_id: 5, invoicenum: 'INV-000005', status: 'Paid' } } },
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay Now' }));
    expect(await screen.findByText('Now at /dashboard/invoices?invoice=INV-000005')).toBeInTheDocument();
    expect(screen.getByText('Payment successful. Your order is now active.')).toBeInTheDocument();
    // The cart as confirmed: its items and its total before VAT (12.99 + 5.99), so a cart changed since is refused.
    expect(api.find('POST', 'api/checkout')[0]!.body).toEqual({ payment_kind: 'wallet', currency: 'USD', expected_items: [11, 12], expected_total: '18.98' });
    expect(count()).toBe(0);
  });

  it('pays through a gateway: the browser goes to the authorization URL in the same window', async () => {
    const go = jest.spyOn(payNavigation, 'go').mockImplementation(() => {});
    const { api, dialog } = await openDialog({
      'POST api/checkout': { body: { message: 'Order created.', data: { authorization_url: 'http://pay.test/sandbox/pay/ref1', reference: 'ref1' } } },
    });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Pay with Fiat' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay Now' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('http://pay.test/sandbox/pay/ref1'));
    expect(api.find('POST', 'api/checkout')[0]!.body).toEqual({ payment_kind: 'fiat_payment_gateway', currency: 'USD', expected_items: [11, 12], expected_total: '18.98' });
    expect(screen.queryByText(/Now at/)).not.toBeInTheDocument();
  });

  it("shows the server's error text when paying fails", async () => {
    const go = jest.spyOn(payNavigation, 'go').mockImplementation(() => {});
    const { dialog } = await openDialog({
      'POST api/checkout': { status: 400, body: { error: 'Insufficient wallet balance: you have $0.00, this order costs $20.40.' } },
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay Now' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Insufficient wallet balance: you have $0.00, this order costs $20.40.');
    expect(within(dialog).getByRole('button', { name: 'Pay Now' })).toBeEnabled();
    expect(go).not.toHaveBeenCalled();
    expect(screen.queryByText(/Now at/)).not.toBeInTheDocument();
  });

  it('a cart changed in another tab since the dialog opened: the refusal is said, the dialog closes and the cart is read again', async () => {
    const changed = 'Your cart changed while you were paying: its total is now USD 31.98 (USD 34.38 with VAT). Nothing was charged. Please review it and try again.';
    const { api } = await openDialog({ 'POST api/checkout': { status: 400, body: { error: changed, cart_changed: true } } });
    const reads = api.find('GET', 'api/cart').length;
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Pay Now' }));
    expect(await screen.findByText(changed)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(api.find('GET', 'api/cart').length).toBe(reads + 1));
    expect(screen.queryByText(/Now at/)).not.toBeInTheDocument();
  });

  it('falls back to the generic failure text when the server gives none', async () => {
    const { dialog } = await openDialog({ 'POST api/checkout': { status: 502, body: {} } });
    await userEvent.click(await within(dialog).findByRole('radio', { name: 'Pay with Crypto' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay Now' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Something went wrong... Please retry later.');
  });

  it('closes with Escape', async () => {
    await openDialog({});
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
