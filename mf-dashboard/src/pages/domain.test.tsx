import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { DOMAIN_MESSAGES } from 'shared/schemas';
import { Toast } from 'shared/ui';
import { fakeApi, renderPage as renderAt } from '../../../shared/testing/fake-api';
import { DomainPage } from './domain';
import { DomainsPage } from './domains';

jest.setTimeout(30000);

const detail = (over: Record<string, unknown> = {}) => ({
  id: 3,
  domainname: 'acme.com',
  domainname_unicode: 'acme.com',
  status: 'Active',
  registrationdate: '2026-03-03',
  nextduedate: '2027-03-03',
  regperiod: 1,
  paymentmethodname: 'Wallet',
  protection: false,
  registrar_lock: true,
  read_only: false,
  uses_store_nameservers: true,
  nameservers: [],
  store_nameservers: ['ns1.hosthub.test', 'ns2.hosthub.test'],
  effective_nameservers: ['ns1.hosthub.test', 'ns2.hosthub.test'],
  dns_served: true,
  dns_serial: 2026030300,
  max_dns_records: 100,
  ...over,
});

/** 'Add record', once enabled: it waits for the records to load (a click before then does nothing). */
async function addRecordButton() {
  const button = await screen.findByRole('button', { name: 'Add record' });
  await waitFor(() => expect(button).toBeEnabled());
  return button;
}

function open(path = '/dashboard/domains/acme.com') {
  const router = createMemoryRouter(
    [
      { path: '/dashboard/domains/:domain', element: <><DomainPage /><Toast /></> },
      { path: '*', element: <p>Now at another page</p> },
    ],
    { initialEntries: [path] },
  );
  return render(<RouterProvider router={router} />);
}

it('the domains table links each name to its page, keeping every column', async () => {
  fakeApi({ 'GET domain': { body: [{ id: 3, domainname: 'acme.com', paymentmethodname: 'Wallet', regperiod: 1, status: 'Active', nextduedate: '2027-03-03' }] } });
  renderAt('/dashboard/domains', <DomainsPage />);
  const link = await screen.findByRole('link', { name: 'acme.com' }, { timeout: 5000 });
  expect(link).toHaveAttribute('href', '/dashboard/domains/acme.com');
  expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['S/N', 'Domain Name', 'Payment Method', 'Billing Cycle', 'Status', 'Server Hostname', 'Expiry Date', 'Auto-renew']);
});

it('shows the overview, our nameservers, the lock, the EPP rule and the records', async () => {
  fakeApi({
    'GET domain/acme.com': { body: detail() },
    'GET domain/acme.com/records': {
      body: [
        { id: 1, name: 'www', fqdn: 'www.acme.com', type: 'A', ttl: 300, value: '192.0.2.1', priority: null, flags: null, tag: null },
        { id: 2, name: 'shop', fqdn: 'shop.acme.com', type: 'MX', ttl: 3600, value: '.', priority: 0, flags: null, tag: null },
      ],
    },
  });
  open();
  const overview = (await screen.findByRole('heading', { name: 'Overview' })).closest('section')!;
  expect(screen.getByRole('heading', { level: 1, name: 'acme.com' })).toBeInTheDocument();
  expect(within(overview).getByText('Active')).toBeInTheDocument();
  expect(within(overview).getByText('3rd Mar, 2026')).toBeInTheDocument();
  // The registration period in words, not a bare '1'.
  expect(within(overview).getByText('Billing Cycle').nextElementSibling).toHaveTextContent(/^1 year$/);
  expect(screen.getByRole('radio', { name: 'Use our nameservers' })).toBeChecked();
  expect(screen.getByRole('list', { name: 'Our nameservers' })).toHaveTextContent('ns1.hosthub.test');
  expect(screen.getByRole('switch', { name: /Registrar lock/ })).toBeChecked();
  expect(screen.getByRole('switch', { name: /Full Domain Protection/ })).not.toBeChecked();
  expect(screen.getByText(DOMAIN_MESSAGES.eppWhileLocked)).toBeInTheDocument();
  expect(screen.queryByLabelText('Account password')).not.toBeInTheDocument();
  // The table (wide screens) and the cards (phones) both hold the record; CSS shows one of them.
  expect((await screen.findAllByText('192.0.2.1')).length).toBeGreaterThan(0);
  expect(screen.getAllByText('0 . (null MX: no mail)').length).toBeGreaterThan(0);
});

it('an internationalised domain is named as typed in its records table and dialog; the calls use its punycode', async () => {
  const user = userEvent.setup();
  fakeApi({
    'GET domain/xn--bcher-kva.com': { body: detail({ domainname: 'xn--bcher-kva.com', domainname_unicode: 'bücher.com' }) },
    'GET domain/xn--bcher-kva.com/records': { body: [] },
  });
  open('/dashboard/domains/xn--bcher-kva.com');
  await user.click(await addRecordButton());
  const dialog = screen.getByRole('dialog', { name: 'Add DNS record' });
  expect(within(dialog).getByLabelText('Name')).toHaveAccessibleDescription(expect.stringContaining('Like www, or @ for bücher.com itself.'));
});

it('adding a record: the shared rules speak at the field before any call, then the API\'s answer lands at its field', async () => {
  const user = userEvent.setup();
  const api = fakeApi({
    'GET domain/acme.com': { body: detail() },
    'GET domain/acme.com/records': { body: [] },
    'POST domain/acme.com/records': (call) =>
      (call.body as { name: string }).name === 'shop.acme.com.'
        ? { status: 400, body: { name: [DOMAIN_MESSAGES.cnameNotAlone('shop.acme.com')] } }
        : { status: 201, body: { id: 9, name: 'www', fqdn: 'www.acme.com', type: 'A', ttl: 3600, value: '192.0.2.7', priority: null, flags: null, tag: null } },
  });
  open();
  await user.click(await addRecordButton());
  const dialog = screen.getByRole('dialog', { name: 'Add DNS record' });
  await user.type(within(dialog).getByLabelText('Name'), 'www');
  await user.type(within(dialog).getByLabelText('IPv4 address'), '192.0.2.300');
  await user.click(within(dialog).getByRole('button', { name: 'Add record' }));
  expect(within(dialog).getByLabelText('IPv4 address')).toHaveAccessibleDescription(expect.stringContaining(DOMAIN_MESSAGES.ipv4));
  expect(api.calls.some((c) => c.method === 'POST')).toBe(false);

  await user.selectOptions(within(dialog).getByLabelText('Type'), 'CNAME');
  await user.clear(within(dialog).getByLabelText('Name'));
  await user.type(within(dialog).getByLabelText('Name'), 'shop');
  await user.clear(within(dialog).getByLabelText('Target host name'));
  await user.type(within(dialog).getByLabelText('Target host name'), 'shops.example.net');
  await user.click(within(dialog).getByRole('button', { name: 'Add record' }));
  expect(await within(dialog).findByText(DOMAIN_MESSAGES.cnameNotAlone('shop.acme.com'))).toBeInTheDocument();
  expect(within(dialog).getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');

  await user.selectOptions(within(dialog).getByLabelText('Type'), 'A');
  await user.clear(within(dialog).getByLabelText('Name'));
  await user.type(within(dialog).getByLabelText('Name'), 'www');
  await user.clear(within(dialog).getByLabelText('IPv4 address'));
  await user.type(within(dialog).getByLabelText('IPv4 address'), '192.0.2.7');
  await user.click(within(dialog).getByRole('button', { name: 'Add record' }));
  expect(await screen.findByText('DNS record added.')).toBeInTheDocument();
  expect(api.calls.filter((c) => c.method === 'POST').at(-1)!.body).toMatchObject({ type: 'A', name: 'www.acme.com.', value: '192.0.2.7', ttl: 3600 });
});

it('custom nameservers are checked one by one at their field and as a set', async () => {
  const user = userEvent.setup();
  const api = fakeApi({
    'GET domain/acme.com': { body: detail() },
    'GET domain/acme.com/records': { body: [] },
    'PATCH domain/acme.com/nameservers': { body: { use_store_nameservers: false, nameservers: ['ns1.example.net', 'ns2.example.net'], store_nameservers: [] } },
  });
  open();
  await user.click(await screen.findByRole('radio', { name: 'Use custom nameservers' }));
  await user.type(screen.getByLabelText('Nameserver 1'), 'bad host');
  await user.tab();
  expect(screen.getByLabelText('Nameserver 1')).toHaveAccessibleDescription(DOMAIN_MESSAGES.nameserverInvalid);
  await user.clear(screen.getByLabelText('Nameserver 1'));
  await user.type(screen.getByLabelText('Nameserver 1'), 'ns1.example.net');
  await user.click(screen.getByRole('button', { name: 'Save nameservers' }));
  expect(screen.getByText(DOMAIN_MESSAGES.nameserverCount)).toBeInTheDocument();
  await user.type(screen.getByLabelText('Nameserver 2'), 'ns2.example.net');
  await user.click(screen.getByRole('button', { name: 'Save nameservers' }));
  expect(await screen.findByText('Custom nameservers saved.')).toBeInTheDocument();
  expect(api.calls.find((c) => c.method === 'PATCH')!.body).toEqual({ use_store_nameservers: false, nameservers: ['ns1.example.net', 'ns2.example.net'] });
});

it('a set error goes away when the set is checked again: only what is wrong now is shown', async () => {
  const user = userEvent.setup();
  const api = fakeApi({ 'GET domain/acme.com': { body: detail() }, 'GET domain/acme.com/records': { body: [] } });
  open();
  await user.click(await screen.findByRole('radio', { name: 'Use custom nameservers' }));
  await user.type(screen.getByLabelText('Nameserver 1'), 'ns1.example.net');
  await user.type(screen.getByLabelText('Nameserver 2'), 'ns1.example.net');
  await user.click(screen.getByRole('button', { name: 'Save nameservers' }));
  expect(screen.getByText(DOMAIN_MESSAGES.nameserverDuplicate)).toBeInTheDocument();
  await user.clear(screen.getByLabelText('Nameserver 2'));
  await user.type(screen.getByLabelText('Nameserver 2'), 'not a host');
  await user.click(screen.getByRole('button', { name: 'Save nameservers' }));
  expect(screen.getByLabelText('Nameserver 2')).toHaveAccessibleDescription(DOMAIN_MESSAGES.nameserverInvalid);
  expect(screen.queryByText(DOMAIN_MESSAGES.nameserverDuplicate)).not.toBeInTheDocument();
  // Said once, at the field: not again as a message about the set.
  expect(screen.queryByText(DOMAIN_MESSAGES.nameserverNumberInvalid(2))).not.toBeInTheDocument();
  expect(api.calls.some((c) => c.method === 'PATCH')).toBe(false);
});

it('the EPP code needs the password again; a wrong one is shown at the field', async () => {
  const user = userEvent.setup();
  fakeApi({
    'GET domain/acme.com': { body: detail({ registrar_lock: false }) },
    'GET domain/acme.com/records': { body: [] },
    'POST domain/acme.com/epp': (call) =>
      (call.body as { password: string }).password === 'right-pass-1'
        ? { body: { epp_code: 'Ab3#xYz9Qw7!Lm2P' } }
        : { status: 400, body: { password: [DOMAIN_MESSAGES.wrongPassword] } },
  });
  open();
  await user.click(await screen.findByRole('button', { name: 'Show transfer code' }));
  expect(screen.getByLabelText('Account password')).toHaveAccessibleDescription(DOMAIN_MESSAGES.password);
  await user.type(screen.getByLabelText('Account password'), 'wrong-pass-1');
  await user.click(screen.getByRole('button', { name: 'Show transfer code' }));
  expect(await screen.findByText(DOMAIN_MESSAGES.wrongPassword)).toBeInTheDocument();
  await user.clear(screen.getByLabelText('Account password'));
  await user.type(screen.getByLabelText('Account password'), 'right-pass-1');
  await user.click(screen.getByRole('button', { name: 'Show transfer code' }));
  expect(await screen.findByLabelText('Transfer code')).toHaveTextContent('Ab3#xYz9Qw7!Lm2P');
  // The form gave way to the code: the keyboard is on the code, not at the page's start.
  await waitFor(() => expect(screen.getByLabelText('Transfer code')).toHaveFocus());
});

it('a Released domain is read-only; custom nameservers hide the records editor', async () => {
  fakeApi({
    'GET domain/acme.com': { body: detail({ status: 'Released', read_only: true, uses_store_nameservers: false, nameservers: ['ns1.x.net', 'ns2.x.net'] }) },
    'GET domain/acme.com/records': { body: [] },
  });
  open();
  expect(await screen.findByText(DOMAIN_MESSAGES.readOnly('Released'))).toBeInTheDocument();
  expect(screen.getByRole('switch', { name: /Registrar lock/ })).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Save nameservers' })).toBeDisabled();
  expect(screen.getByText(DOMAIN_MESSAGES.recordsNeedOurNameservers)).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Add record' })).not.toBeInTheDocument();
});

it('a Released domain on our nameservers does not claim they answer: its records are said to be unpublished', async () => {
  fakeApi({
    'GET domain/acme.com': { body: detail({ status: 'Released', read_only: true, uses_store_nameservers: true, dns_served: false }) },
    'GET domain/acme.com/records': { body: [{ id: 1, type: 'A', name: '@', value: '198.51.100.9', ttl: 3600, priority: null }] },
  });
  open();
  expect(await screen.findAllByText(DOMAIN_MESSAGES.notServed('Released'))).toHaveLength(2);
  expect(screen.queryByText(/Our nameservers answer for your domain/)).not.toBeInTheDocument();
  expect(screen.queryByText(/Answered by our nameservers/)).not.toBeInTheDocument();
});

it('another customer\'s domain (404) shows a clear message, without a Retry that cannot help or a console error', async () => {
  const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
  fakeApi({});
  open('/dashboard/domains/theirs.com');
  expect(await screen.findByText('This domain is not in your account, or could not be loaded.')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  expect(logged).not.toHaveBeenCalled();
});

it('a domain that could not be loaded (the API failed) offers Retry', async () => {
  jest.spyOn(console, 'error').mockImplementation(() => {});
  let fail = true;
  fakeApi({ 'GET domain/acme.com': () => (fail ? { status: 503, body: { detail: 'Down.' } } : { body: detail() }) });
  open();
  expect(await screen.findByText('This domain is not in your account, or could not be loaded.')).toBeInTheDocument();
  fail = false;
  await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByRole('heading', { name: 'acme.com' })).toBeInTheDocument();
});

it('a switch keeps the keyboard focus while it saves, and ignores presses meanwhile', async () => {
  const user = userEvent.setup();
  let answer!: () => void;
  const api = fakeApi({
    'GET domain/acme.com': { body: detail() },
    'GET domain/acme.com/records': { body: [] },
    'PATCH domain/acme.com': () => new Promise((resolve) => (answer = () => resolve({ body: { ...detail(), protection: true } }))),
  });
  open();
  const protection = await screen.findByRole('switch', { name: /Full Domain Protection/ });
  protection.focus();
  await user.keyboard(' ');
  expect(protection).toBeChecked();
  expect(protection).toHaveAttribute('aria-disabled', 'true');
  expect(protection).toHaveFocus();
  await user.keyboard(' '); // pressed again while saving: nothing
  expect(protection).toBeChecked();
  answer();
  expect(await screen.findByText('Full Domain Protection is on.')).toBeInTheDocument();
  expect(protection).toHaveFocus();
  expect(protection).not.toHaveAttribute('aria-disabled');
  expect(api.find('PATCH', 'domain/acme.com')).toHaveLength(1);
});

it('removing a nameserver row moves the errors with their values', async () => {
  const user = userEvent.setup();
  fakeApi({ 'GET domain/acme.com': { body: detail() }, 'GET domain/acme.com/records': { body: [] } });
  open();
  await user.click(await screen.findByRole('radio', { name: 'Use custom nameservers' }));
  await user.type(screen.getByLabelText('Nameserver 1'), 'ns1.example.net');
  await user.type(screen.getByLabelText('Nameserver 2'), '192.0.2.1');
  await user.tab();
  expect(screen.getByLabelText('Nameserver 2')).toHaveAccessibleDescription(DOMAIN_MESSAGES.nameserverInvalid);
  await user.click(screen.getByRole('button', { name: '+ Add Nameserver' }));
  await user.type(screen.getByLabelText('Nameserver 3'), 'ns3.example.net');
  await user.click(screen.getByRole('button', { name: 'Remove nameserver 1' }));
  expect(screen.getByLabelText('Nameserver 1')).toHaveValue('192.0.2.1');
  expect(screen.getByLabelText('Nameserver 1')).toHaveAccessibleDescription(DOMAIN_MESSAGES.nameserverInvalid);
  expect(screen.getByLabelText('Nameserver 2')).toHaveValue('ns3.example.net');
  expect(screen.getByLabelText('Nameserver 2')).not.toHaveAccessibleDescription(DOMAIN_MESSAGES.nameserverInvalid);
  // The pressed button went (two rows left: no Remove): focus is on the field that took its row's place.
  expect(screen.queryByRole('button', { name: /^Remove nameserver/ })).not.toBeInTheDocument();
  expect(screen.getByLabelText('Nameserver 1')).toHaveFocus();
  // The last row removed: focus on the one before.
  await user.click(screen.getByRole('button', { name: '+ Add Nameserver' }));
  await user.click(screen.getByRole('button', { name: 'Remove nameserver 3' }));
  expect(screen.getByLabelText('Nameserver 2')).toHaveFocus();
});

it('while the domain loads, cards of grey stand in for its sections, not a spinner in a blank panel', async () => {
  let answer!: () => void;
  fakeApi({
    'GET domain/acme.com': () => new Promise((resolve) => (answer = () => resolve({ body: detail() }))),
    'GET domain/acme.com/records': { body: [] },
  });
  open();
  const skeleton = (await screen.findByText('Loading the domain…')).closest('[data-testid="skeleton"]')!;
  expect(skeleton.querySelectorAll('.card').length).toBeGreaterThan(0);
  expect(screen.queryByTestId('loading-overlay')).not.toBeInTheDocument();
  answer();
  expect(await screen.findByRole('heading', { name: 'Overview' })).toBeInTheDocument();
});

it('deleting a record: the dialog focuses Cancel, and after the delete the focus is on Add record, not the page', async () => {
  const user = userEvent.setup();
  let gone = false;
  const www = { id: 1, name: 'www', fqdn: 'www.acme.com', type: 'A', ttl: 300, value: '192.0.2.1', priority: null, flags: null, tag: null };
  fakeApi({
    'GET domain/acme.com': { body: detail() },
    'GET domain/acme.com/records': () => ({ body: gone ? [] : [www] }),
    'DELETE domain/acme.com/records/1': () => {
      gone = true;
      return { body: {} }; // the API answers 204; the fake's Response cannot carry a 204 with a body
    },
  });
  open();
  await user.click((await screen.findAllByRole('button', { name: 'Delete A record www' }))[0]!);
  const dialog = screen.getByRole('dialog', { name: 'Delete DNS record' });
  expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
  await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
  expect(await screen.findByText('No DNS records yet. Add an A record for www to point it at your server.')).toBeInTheDocument();
  await screen.findByRole('button', { name: 'Add record' });
  await new Promise((r) => requestAnimationFrame(r));
  expect(screen.getByRole('button', { name: 'Add record' })).toHaveFocus();
});

it("a record whose short name ends in the domain's own name keeps its name when edited: the form and the call use its full name", async () => {
  const user = userEvent.setup();
  const odd = { id: 4, name: 'www.acme.com', fqdn: 'www.acme.com.acme.com', type: 'A', ttl: 300, value: '192.0.2.1', priority: null, flags: null, tag: null };
  const api = fakeApi({
    'GET domain/acme.com': { body: detail() },
    'GET domain/acme.com/records': { body: [odd] },
    'PATCH domain/acme.com/records/4': (call) => ({ body: { ...odd, ttl: Number((call.body as { ttl: number }).ttl) } }),
  });
  open();
  await user.click((await screen.findAllByRole('button', { name: 'Edit A record www.acme.com' }))[0]!);
  const dialog = screen.getByRole('dialog', { name: 'Edit DNS record' });
  expect(within(dialog).getByLabelText('Name')).toHaveValue('www.acme.com.acme.com.');
  await user.clear(within(dialog).getByLabelText('TTL (seconds)'));
  await user.type(within(dialog).getByLabelText('TTL (seconds)'), '120');
  await user.click(within(dialog).getByRole('button', { name: 'Save record' }));
  await waitFor(() => expect(api.calls.some((c) => c.method === 'PATCH')).toBe(true));
  expect(api.calls.find((c) => c.method === 'PATCH')!.body).toMatchObject({ name: 'www.acme.com.acme.com.', ttl: 120 });
});

it('when the records cannot be loaded, no count is claimed and Add record waits', async () => {
  fakeApi({ 'GET domain/acme.com': { body: detail() }, 'GET domain/acme.com/records': { status: 503, body: { detail: 'Down.' } } });
  open();
  expect(await screen.findByText(/Something went wrong while fetching your DNS records/)).toBeInTheDocument();
  expect(screen.queryByText(/records used/)).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Add record' })).toBeDisabled();
});
