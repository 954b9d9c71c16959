import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { cartCountStore } from 'shared/cart-count';
import { currencyStore } from 'shared/currency';
import { toastStore } from 'shared/toast';
import { deferred, fakeApi, json, renderAt, suggestion, suggestionsAnswer, type Call } from '../test/utils';

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
const searches = (calls: Call[]) => calls.filter((c) => c.path === '/domain/suggestions/');
const mainDomain = async () => (await screen.findByRole('heading', { level: 2, name: /\./ })).textContent;

const FOO = [
  suggestion('foo.net', true, 13.99, 16.99, 2),
  suggestion('foo.com', true, 12.99, 14.99, 1),
  suggestion('foo.org', false, 11.99, 15.99, 3),
];

describe('search box', () => {
  it('says nothing was entered, and does not search, without a query', () => {
    const { calls } = fakeApi(() => json(suggestionsAnswer(FOO)));
    renderAt('/search');
    expect(screen.getByText('You have not entered a domain name to search.')).toBeInTheDocument();
    expect(screen.getByLabelText('Domain name')).toHaveAttribute('placeholder', window.location.host);
    expect(calls).toHaveLength(0);
  });

  it('is filled from ?query= and searches it at once, in the display currency', async () => {
    const { calls } = fakeApi(() => json(suggestionsAnswer(FOO)));
    renderAt('/search?query=foo.com');
    expect(screen.getByLabelText('Domain name')).toHaveValue('foo.com');
    expect(await mainDomain()).toBe('foo.com');
    expect(searches(calls)).toHaveLength(1);
    expect(Object.fromEntries(searches(calls)[0]!.params)).toEqual({
      domain: 'foo.com',
      currency: 'USD',
      page: '1',
    });
  });

  it('waits 1000 ms after the last keystroke, then writes ?query= in place and searches once', async () => {
    const { calls } = fakeApi(() => json(suggestionsAnswer(FOO)));
    const { router } = renderAt('/search?transfer=false');
    const user = setupUser();
    await user.type(screen.getByLabelText('Domain name'), 'foo.com');
    act(() => jest.advanceTimersByTime(999));
    expect(router.state.location.search).toBe('?transfer=false');
    expect(searches(calls)).toHaveLength(0);

    act(() => jest.advanceTimersByTime(1));
    expect(new URLSearchParams(router.state.location.search).get('query')).toBe('foo.com');
    expect(new URLSearchParams(router.state.location.search).get('transfer')).toBe('false');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(await mainDomain()).toBe('foo.com');
    expect(searches(calls)).toHaveLength(1);
    expect(searches(calls)[0]!.params.get('domain')).toBe('foo.com');
  });

  it('restarts the wait on every keystroke', async () => {
    const { calls } = fakeApi(() => json(suggestionsAnswer(FOO)));
    const { router } = renderAt('/search');
    const user = setupUser();
    const box = screen.getByLabelText('Domain name');
    await user.type(box, 'foo');
    act(() => jest.advanceTimersByTime(800));
    await user.type(box, '.com');
    act(() => jest.advanceTimersByTime(800));
    expect(router.state.location.search).toBe('');
    act(() => jest.advanceTimersByTime(200));
    expect(router.state.location.search).toBe('?query=foo.com');
    await mainDomain();
    expect(searches(calls).map((c) => c.params.get('domain'))).toEqual(['foo.com']);
  });

  it('clearing the box removes the query and shows the empty state without searching', async () => {
    const { calls } = fakeApi(() => json(suggestionsAnswer(FOO)));
    const { router } = renderAt('/search?query=foo.com');
    await mainDomain();
    const user = setupUser();
    await user.clear(screen.getByLabelText('Domain name'));
    act(() => jest.advanceTimersByTime(1000));
    expect(router.state.location.search).toBe('');
    expect(screen.getByText('You have not entered a domain name to search.')).toBeInTheDocument();
    expect(searches(calls)).toHaveLength(1);
  });

  it('does not search for blank input', async () => {
    const { calls } = fakeApi(() => json(suggestionsAnswer(FOO)));
    const { router } = renderAt('/search');
    const user = setupUser();
    await user.type(screen.getByLabelText('Domain name'), '   ');
    act(() => jest.advanceTimersByTime(1000));
    expect(router.state.location.search).toBe('');
    expect(screen.getByText('You have not entered a domain name to search.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('searches at once on Enter, without waiting for the debounce', async () => {
    const { calls } = fakeApi(() => json(suggestionsAnswer(FOO)));
    const { router } = renderAt('/search');
    const user = setupUser();
    await user.type(screen.getByLabelText('Domain name'), 'foo.com{Enter}');
    expect(router.state.location.search).toBe('?query=foo.com');
    expect(await mainDomain()).toBe('foo.com');
    act(() => jest.advanceTimersByTime(1000));
    expect(searches(calls)).toHaveLength(1);
  });

  it('follows a query changed from outside (the header search, the back button)', async () => {
    fakeApi((c) => json(suggestionsAnswer([suggestion(c.params.get('domain')!)])));
    const { router } = renderAt('/search?query=one.com');
    expect(await mainDomain()).toBe('one.com');
    await act(() => router.navigate('/search?query=two.com'));
    expect(screen.getByLabelText('Domain name')).toHaveValue('two.com');
    expect(await screen.findByRole('heading', { level: 2, name: 'two.com' })).toBeInTheDocument();
  });
});

describe('results', () => {
  it('makes the suggestion matching the typed text (any case) the main result', async () => {
    fakeApi(() => json(suggestionsAnswer(FOO)));
    renderAt('/search?query=FOO.com');
    const main = await screen.findByRole('region', { name: 'foo.com' });
    expect(within(main).getByText('Available Match')).toBeInTheDocument();
    expect(within(main).getByText('$12.99')).toBeInTheDocument();
    expect(within(main).getByText('returns to $14.99 after first? year')).toBeInTheDocument();
    expect(within(main).getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
    expect(within(main).getByRole('button', { name: 'Checkout' })).toBeEnabled();

    const others = screen.getByRole('region', { name: 'Other Options' });
    const rows = within(others).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('foo.net'),
      expect.stringContaining('foo.org'),
    ]);
    expect(within(rows[0]!).getByText('$13.99')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('renews at $16.99')).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('button', { name: 'Add foo.net' })).toBeEnabled();
    expect(within(rows[0]!).getByText('foo.net').closest('s')).toBeNull();
  });

  it('falls back to the first suggestion when none matches', async () => {
    fakeApi(() => json(suggestionsAnswer(FOO)));
    renderAt('/search?query=foo');
    expect(await screen.findByRole('region', { name: 'foo.net' })).toBeInTheDocument();
    const others = screen.getByRole('region', { name: 'Other Options' });
    expect(within(others).getByText('foo.com')).toBeInTheDocument();
  });

  it('strikes through an unavailable option and disables its button', async () => {
    fakeApi(() => json(suggestionsAnswer(FOO)));
    renderAt('/search?query=foo.com');
    await screen.findByRole('region', { name: 'foo.com' });
    const row = screen.getByText('foo.org').closest('li')!;
    expect(screen.getByText('foo.org').closest('s')).not.toBeNull();
    expect(within(row).getByText('$11.99').closest('s')).not.toBeNull();
    expect(within(row).getByText('renews at $15.99').closest('s')).not.toBeNull();
    expect(within(row).getByRole('button', { name: 'Add foo.org' })).toBeDisabled();
  });

  it('shows an unavailable main result without Add to Cart or Checkout', async () => {
    fakeApi(() =>
      json(suggestionsAnswer([suggestion('example.com', false), suggestion('example.net', false)])),
    );
    renderAt('/search?query=example.com');
    const main = await screen.findByRole('region', { name: 'example.com' });
    expect(within(main).getByText('Unavailable')).toBeInTheDocument();
    expect(within(main).queryByText('Available Match')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add to Cart' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Checkout' })).toBeNull();
  });

  it('formats prices in the display currency', async () => {
    currencyStore.setState({ code: 'NGN' });
    const { calls } = fakeApi(() => json(suggestionsAnswer([suggestion('foo.ng', true, 15000, 17500)])));
    renderAt('/search?query=foo.ng');
    const main = await screen.findByRole('region', { name: 'foo.ng' });
    expect(searches(calls)[0]!.params.get('currency')).toBe('NGN');
    expect(within(main).getByText('₦15,000.00')).toBeInTheDocument();
    expect(within(main).getByText('returns to ₦17,500.00 after first? year')).toBeInTheDocument();
  });

  it('shows the failure text when the search fails', async () => {
    fakeApi(() => json({ detail: 'boom' }, 500));
    renderAt('/search?query=foo.com');
    expect(
      await screen.findByText('Something went wrong with your search please retry.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Other Options' })).toBeNull();
  });

  it("gives the server's reason when it refuses the text, without a Retry that cannot help", async () => {
    const reason = 'Enter a valid domain name, like example.com: letters, digits and hyphens.';
    fakeApi(() => json({ domain: [reason] }, 400));
    renderAt('/search?query=bad%20domain!');
    expect(
      await screen.findByText('Something went wrong with your search please retry.'),
    ).toBeInTheDocument();
    expect(screen.getByText(reason)).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      `Something went wrong with your search please retry. ${reason}`,
    );
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('runs the same search again with Retry after a failure', async () => {
    let fail = true;
    const { calls } = fakeApi(() => (fail ? json({ detail: 'boom' }, 500) : json(suggestionsAnswer(FOO))));
    renderAt('/search?query=foo.com');
    const user = setupUser();
    await screen.findByText('Something went wrong with your search please retry.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'foo.com' })).toBeInTheDocument();
    expect(screen.queryByText('Something went wrong with your search please retry.')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(searches(calls).map((c) => c.params.get('domain'))).toEqual(['foo.com', 'foo.com']);
  });

  it('says "Unavailable" once: the struck-through options do not repeat the word', async () => {
    fakeApi(() =>
      json(
        suggestionsAnswer([
          suggestion('example.com', false),
          suggestion('example.net', false),
          suggestion('example.org', false),
        ]),
      ),
    );
    renderAt('/search?query=example.com');
    await screen.findByRole('region', { name: 'example.com' });
    expect(screen.getAllByText(/unavailable/i)).toHaveLength(1);
  });

  it("says 'Could not check right now, try again' for a name the registry could not be asked about: neither free nor taken", async () => {
    let status = 'unknown';
    const answer = () =>
      suggestionsAnswer([
        { ...suggestion('foo.ng', status === 'available'), status },
        { ...suggestion('foo.com.ng', false), status: 'unknown' },
        { ...suggestion('foo.com', true), status: 'available' },
      ]);
    const { calls } = fakeApi(() => json(answer()));
    renderAt('/search?query=foo.ng');
    const user = setupUser();
    const main = await screen.findByRole('region', { name: 'foo.ng' });
    expect(within(main).getByText('Could not check right now, try again')).toBeInTheDocument();
    expect(within(main).queryByText('Unavailable')).toBeNull();
    expect(within(main).queryByText('Available Match')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add to Cart' })).toBeNull();
    const row = screen.getByText('foo.com.ng').closest('li')!;
    expect(within(row).getByText('Could not check right now, try again')).toBeInTheDocument();
    expect(screen.getByText('foo.com.ng').closest('s')).toBeNull(); // not shown as taken
    expect(within(row).queryByText(/taken/)).toBeNull();
    expect(within(row).getByRole('button', { name: 'Add foo.com.ng' })).toBeDisabled();
    // 'Check again' runs the search again; now the registry answers.
    status = 'available';
    await user.click(within(main).getByRole('button', { name: 'Check again' }));
    expect(await within(main).findByText('Available Match')).toBeInTheDocument();
    expect(searches(calls)).toHaveLength(2);
  });

  it('shows a premium name with its premium price and a "Premium name" tag', async () => {
    fakeApi(() =>
      json(
        suggestionsAnswer([
          { ...suggestion('crypto.xyz', true, 12500, 12500), status: 'available', premium: true },
        ]),
      ),
    );
    renderAt('/search?query=crypto.xyz');
    const main = await screen.findByRole('region', { name: 'crypto.xyz' });
    expect(within(main).getByText('$12,500.00')).toBeInTheDocument();
    expect(within(main).getByText('Premium name')).toBeInTheDocument();
    expect(within(main).getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
  });

  it('shows reserved and blocked names as unavailable', async () => {
    fakeApi(() =>
      json(
        suggestionsAnswer([
          { ...suggestion('nic.com', false), status: 'reserved' },
          { ...suggestion('gov.ng', false), status: 'blocked' },
        ]),
      ),
    );
    renderAt('/search?query=nic.com');
    const main = await screen.findByRole('region', { name: 'nic.com' });
    expect(within(main).getByText('Unavailable')).toBeInTheDocument();
    expect(screen.getByText('gov.ng').closest('s')).not.toBeNull();
  });

  it('never lets a slow, older answer replace a newer one', async () => {
    const slow = deferred<Response>();
    fakeApi((c) =>
      c.params.get('domain') === 'slow.com'
        ? slow.promise
        : json(suggestionsAnswer([suggestion('fast.com')])),
    );
    const { router } = renderAt('/search?query=slow.com');
    await act(() => router.navigate('/search?query=fast.com', { replace: true }));
    expect(await screen.findByRole('region', { name: 'fast.com' })).toBeInTheDocument();
    await act(async () => slow.resolve(json(suggestionsAnswer([suggestion('slow.com')]))));
    await act(() => jest.advanceTimersByTimeAsync(50));
    expect(screen.getByRole('region', { name: 'fast.com' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'slow.com' })).toBeNull();
  });

  it('changes page: asks for that page and shows "Page 2 of 12"', async () => {
    const { calls } = fakeApi((c) => {
      const page = Number(c.params.get('page'));
      return json(suggestionsAnswer([suggestion(`p${page}-a.com`), suggestion(`p${page}-b.com`)], 12, page));
    });
    renderAt('/search?query=foo');
    await screen.findByRole('region', { name: 'p1-a.com' });
    expect(screen.getByText('Page 1 of 12')).toBeInTheDocument();
    const user = setupUser();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByRole('region', { name: 'p2-a.com' })).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 12')).toBeInTheDocument();
    expect(searches(calls).map((c) => c.params.get('page'))).toEqual(['1', '2']);
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Page 3 of 12')).toBeInTheDocument();
  });
});

describe('names already in the cart, and the main result across pages', () => {
  it("shows 'In cart' with a link to the cart for names the cart holds", async () => {
    fakeApi((c) =>
      c.path === '/api/cart/'
        ? json({
            id: 1,
            items: [
              { id: 7, metadata: { domain_name: 'FOO.com' } },
              { id: 8, metadata: { domain_name: 'foo.net' } },
            ],
          })
        : json(suggestionsAnswer(FOO)),
    );
    renderAt('/search?query=foo.com');
    const main = await screen.findByRole('region', { name: 'foo.com' });
    expect(await within(main).findByText('In cart')).toBeInTheDocument();
    expect(within(main).getByRole('link', { name: 'View cart' })).toHaveAttribute('href', '/cart');
    expect(within(main).queryByRole('button', { name: 'Add to Cart' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'In cart: foo.net, view cart' })).toHaveAttribute(
      'href',
      '/cart',
    );
    expect(screen.queryByRole('button', { name: 'Add foo.net' })).not.toBeInTheDocument();
  });

  it('keeps the typed name as the main result on every page of suggestions', async () => {
    fakeApi((c) => {
      const page = Number(c.params.get('page'));
      const list =
        page === 1
          ? [suggestion('p1-a.com'), suggestion('wanted.com'), suggestion('p1-b.com')]
          : [suggestion(`p${page}-a.com`), suggestion(`p${page}-b.com`)];
      return json(suggestionsAnswer(list, 5, page));
    });
    renderAt('/search?query=wanted.com');
    await screen.findByRole('region', { name: 'wanted.com' });
    const user = setupUser();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Page 2 of 5')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'wanted.com' })).toBeInTheDocument();
    const others = screen.getByRole('region', { name: 'Other Options' });
    expect(within(others).getByText('p2-a.com')).toBeInTheDocument();
    expect(within(others).queryByText('wanted.com')).not.toBeInTheDocument();
  });
});

describe('adding to the cart', () => {
  const cartAnswer = { id: 1, currency: 'USD', items: [{ id: 1 }, { id: 2 }, { id: 3 }] };

  it('adds the main result, shows the server message and refreshes the cart count', async () => {
    const { calls } = fakeApi((c) => {
      if (c.path === '/api/cart/' && c.method === 'POST')
        return json({ message: 'Item added to cart successfully.', data: cartAnswer });
      if (c.path === '/api/cart/') return json(cartAnswer);
      return json(suggestionsAnswer(FOO));
    });
    const { router } = renderAt('/search?query=foo.com');
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Add to Cart' }));
    // Once added, the name says 'In cart' with a link to the cart instead of offering 'Add to Cart' again.
    expect(await screen.findByText('In cart')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View cart' })).toHaveAttribute('href', '/cart');
    expect(screen.queryByRole('button', { name: 'Add to Cart' })).not.toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.path).toBe('/api/cart/');
    expect(post.body).toEqual({
      service_id: 1,
      product_id: 1,
      currency: 'USD',
      metadata: expect.objectContaining({
        name: 'foo.com',
        domain_name: 'foo.com',
        is_transfer: false,
      }) as unknown,
    });
    expect(toastStore.getState()).toMatchObject({
      type: 'SUCCESS',
      label: 'Item added to cart successfully.',
      showSnackbar: true,
    });
    expect(cartCountStore.getState().count).toBe(3);
    expect(
      calls.some((c) => c.method === 'GET' && c.path === '/api/cart/' && c.params.get('currency') === 'USD'),
    ).toBe(true);
    expect(router.state.location.pathname).toBe('/search');
  });

  it('uses the spec fallback text when the server gives no message', async () => {
    fakeApi((c) =>
      c.path === '/api/cart/' ? json(c.method === 'POST' ? {} : cartAnswer) : json(suggestionsAnswer(FOO)),
    );
    renderAt('/search?query=foo.com');
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Add foo.net' }));
    await act(() => jest.advanceTimersByTimeAsync(0));
    expect(toastStore.getState()).toMatchObject({
      type: 'SUCCESS',
      label: 'Item added to successfully added to cart.',
    });
  });

  it('Checkout adds, then goes to /cart', async () => {
    fakeApi((c) =>
      c.path === '/api/cart/'
        ? json(c.method === 'POST' ? { message: 'ok' } : cartAnswer)
        : json(suggestionsAnswer(FOO)),
    );
    const { router } = renderAt('/search?query=foo.com');
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Checkout' }));
    expect(await screen.findByRole('heading', { name: 'Cart page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/cart');
  });

  it.each([
    [
      'the first field error',
      json({ domain_name: ['foo.com is already in your cart.'] }, 400),
      'foo.com is already in your cart.',
    ],
    ['the error field', json({ error: 'Cart is locked.' }, 400), 'Cart is locked.'],
    ['the spec fallback', new Response('', { status: 500 }), 'Something went wrong... Please retry later.'],
  ])('shows %s when adding fails, and stays on the page', async (_name, failure, text) => {
    fakeApi((c) => (c.path === '/api/cart/' ? failure.clone() : json(suggestionsAnswer(FOO))));
    const { router } = renderAt('/search?query=foo.com');
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Checkout' }));
    await act(() => jest.advanceTimersByTimeAsync(0));
    expect(toastStore.getState()).toMatchObject({ type: 'ERROR', label: text, showSnackbar: true });
    expect(router.state.location.pathname).toBe('/search');
  });
});

describe('internationalised names', () => {
  it('are shown as people write them, with the form they are registered in', async () => {
    const { calls } = fakeApi((c) =>
      c.path === '/api/cart/' && c.method === 'POST'
        ? json({ message: 'Added.' })
        : json(
            suggestionsAnswer([
              { ...suggestion('xn--caf-dma.com', true, 12.99, 14.99, 1), domain_unicode: 'café.com' },
              { ...suggestion('xn--caf-dma.ng', true, 10, 10, 2), domain_unicode: 'café.ng' },
            ]),
          ),
    );
    renderAt(`/search?query=${encodeURIComponent('café.com')}`);
    const main = await screen.findByRole('region', { name: 'café.com' });
    expect(within(main).getByText('Registered as xn--caf-dma.com')).toBeInTheDocument();
    expect(screen.getByText('café.ng')).toBeInTheDocument();
    const user = setupUser();
    await user.click(screen.getByRole('button', { name: 'Add café.ng' }));
    await act(() => jest.advanceTimersByTimeAsync(0));
    // The cart gets the registered (ASCII) form.
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/cart/')!.body).toMatchObject({
      metadata: { domain_name: 'xn--caf-dma.ng' },
    });
  });
});

describe('transfer mode', () => {
  const TAKEN = [
    suggestion('example.com', false, 12.99, 14.99, 1),
    suggestion('example.net', false, 13.99, 16.99, 2),
    suggestion('freshname.org', true, 11.99, 15.99, 3),
  ];
  /** Answers the transfer check as the API does (`locked`: names refused, with the reason); the rest to `rest`. */
  const withTransferCheck =
    (rest: (c: Call) => Response, locked: Record<string, string> = {}) =>
    (c: Call) => {
      if (c.path !== '/domain/check-transfer-eligibility/') return rest(c);
      const domain = String((c.body as { domain: string }).domain);
      const reason = locked[domain];
      return json({
        domain,
        eligible: !reason,
        transfer_price: 24.99,
        message: reason ? `${domain} is not eligible for transfer.` : `${domain} can be transferred to us.`,
        ...(reason ? { error: reason } : {}),
        id: 1,
        service: 1,
      });
    };

  it('opens "Enter EPP Code" and sends the item as a transfer with the code', async () => {
    const { calls } = fakeApi(
      withTransferCheck((c) =>
        c.path === '/api/cart/'
          ? json(c.method === 'POST' ? { message: 'Added.' } : { items: [1] })
          : json(suggestionsAnswer(TAKEN)),
      ),
    );
    const carts = () => calls.filter((c) => c.method === 'POST' && c.path === '/api/cart/');
    renderAt('/search?query=example.com&transfer=true');
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Add to Cart' }));
    const dialog = screen.getByRole('dialog', { name: 'Enter EPP Code' });
    expect(carts()).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('EPP Code'), 'AB-12');
    await user.click(within(dialog).getByRole('button', { name: 'Transfer' }));
    await act(() => jest.advanceTimersByTimeAsync(0));
    expect(screen.queryByRole('dialog')).toBeNull();
    const post = carts()[0]!;
    expect(post.body).toMatchObject({
      service_id: 1,
      product_id: 1,
      metadata: { domain_name: 'example.com', is_transfer: true, epp_code: 'AB-12' },
    });
    expect(toastStore.getState()).toMatchObject({ type: 'SUCCESS', label: 'Added.' });
  });

  it('lets the EPP code be left empty, and Checkout goes on to /cart', async () => {
    const { calls } = fakeApi(
      withTransferCheck((c) =>
        c.path === '/api/cart/'
          ? json(c.method === 'POST' ? { message: 'Added.' } : { items: [1] })
          : json(suggestionsAnswer(TAKEN)),
      ),
    );
    const { router } = renderAt('/search?query=example.com&transfer=true');
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Checkout' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Enter EPP Code' })).getByRole('button', {
        name: 'Transfer',
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Cart page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/cart');
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/cart/')!.body).toMatchObject({
      metadata: { is_transfer: true, epp_code: '' },
    });
  });

  it('closes the dialog on Escape without adding anything', async () => {
    const { calls } = fakeApi(withTransferCheck(() => json(suggestionsAnswer(TAKEN))));
    renderAt('/search?query=example.com&transfer=true');
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Add example.net' }));
    // Once the option's transfer check has answered.
    expect(await screen.findByRole('dialog', { name: 'Enter EPP Code' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/api/cart/')).toHaveLength(0);
  });

  it('is switched on and off by a link on the page, keeping the query', async () => {
    fakeApi(withTransferCheck(() => json(suggestionsAnswer(TAKEN))));
    const { router } = renderAt('/search?query=example.com');
    const user = setupUser();
    const main = await screen.findByRole('region', { name: 'example.com' });
    expect(within(main).getByText('Unavailable')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add to Cart' })).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Switch to transfer' }));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      query: 'example.com',
      transfer: 'true',
    });
    // The badge agrees with the offer: a registered name is the one a transfer can bring in.
    expect(await within(main).findByText('Available for transfer')).toBeInTheDocument();
    expect(within(main).queryByText('Unavailable')).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'Add to Cart' }));
    expect(screen.getByRole('dialog', { name: 'Enter EPP Code' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('link', { name: 'Switch to registration' }));
    expect(router.state.location.search).toBe('?query=example.com');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Add to Cart' })).toBeNull());
  });

  it('offers registered names for transfer and strikes through unregistered ones', async () => {
    fakeApi(() => json(suggestionsAnswer(TAKEN)));
    renderAt('/search?query=example.com&transfer=true');
    expect(await screen.findByRole('button', { name: 'Add example.net' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Add freshname.org' })).toBeDisabled();
    expect(screen.getByText('freshname.org').closest('s')).not.toBeNull();
  });

  it('says an unregistered main result is unavailable for transfer, without Add to Cart', async () => {
    fakeApi(() => json(suggestionsAnswer(TAKEN)));
    renderAt('/search?query=freshname.org&transfer=true');
    const main = await screen.findByRole('region', { name: 'freshname.org' });
    expect(within(main).getByText('Unavailable for transfer')).toBeInTheDocument();
    expect(within(main).queryByRole('button', { name: 'Add to Cart' })).toBeNull();
  });

  it('never offers a name for transfer when the registry could not be checked, nor a reserved one', async () => {
    fakeApi(
      withTransferCheck(() =>
        json(
          suggestionsAnswer([
            { ...suggestion('example.com', false), status: 'registered' },
            { ...suggestion('example.ng', false), status: 'unknown' },
            { ...suggestion('nic.ng', false), status: 'reserved' },
          ]),
        ),
      ),
    );
    renderAt('/search?query=example.com&transfer=true');
    expect(await screen.findByRole('button', { name: 'Add to Cart' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Add example.ng' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Add nic.ng' })).toBeDisabled();
  });

  it('shows the transfer price, as the cart will charge it, not the registration price', async () => {
    fakeApi(
      withTransferCheck(() =>
        json(suggestionsAnswer(TAKEN.map((s) => ({ ...s, transfer_price: s.price + 10 })))),
      ),
    );
    renderAt('/search?query=example.com&transfer=true');
    const main = await screen.findByRole('region', { name: 'example.com' });
    expect(within(main).getByText('$22.99')).toBeInTheDocument();
    expect(within(main).queryByText('$12.99')).toBeNull();
    const other = screen.getByText('example.net').closest('li')!;
    expect(within(other).getByText('$23.99')).toBeInTheDocument();
  });

  it('checks the main name as the transfer page does: a name locked at its registrar is not offered, with the reason', async () => {
    const { calls } = fakeApi(
      withTransferCheck(() => json(suggestionsAnswer(TAKEN)), {
        'example.com': 'example.com is locked at its current registrar.',
      }),
    );
    renderAt('/search?query=example.com&transfer=true');
    const main = await screen.findByRole('region', { name: 'example.com' });
    expect(await within(main).findByText('Unavailable for transfer')).toBeInTheDocument();
    expect(within(main).getByText('example.com is locked at its current registrar.')).toBeInTheDocument();
    expect(within(main).queryByRole('button', { name: 'Add to Cart' })).toBeNull();
    expect(calls.find((c) => c.path === '/domain/check-transfer-eligibility/')!.body).toEqual({
      domain: 'example.com',
      currency: 'USD',
    });
  });

  it('checks another option when it is added: a locked one is refused with the reason and marked, no EPP code asked', async () => {
    const { calls } = fakeApi(
      withTransferCheck(() => json(suggestionsAnswer(TAKEN)), {
        'example.net': 'example.net is locked at its current registrar.',
      }),
    );
    renderAt('/search?query=example.com&transfer=true');
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Add example.net' }));
    const option = (await screen.findByText('example.net', { selector: 's' })).closest('li')!;
    expect(within(option).getByText('example.net is locked at its current registrar.')).toBeInTheDocument();
    expect(within(option).getByRole('button', { name: 'Add example.net' })).toBeDisabled();
    expect(within(option).getByText('(cannot be transferred)', { exact: false })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.filter((c) => c.path === '/domain/check-transfer-eligibility/').map((c) => (c.body as { domain: string }).domain)).toEqual([
      'example.com',
      'example.net',
    ]);
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/cart/')).toBe(false);
  });
});
