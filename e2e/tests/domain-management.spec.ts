// Managing a domain after purchase (issue 15): buy a domain with the wallet, open its page from the domains table, add
// an A record for www and see the store's DNS server answer it; switch to custom nameservers and see the server stop
// answering for the zone (REFUSED); turn the lock off and reveal the EPP code with the password, and find the notice.
import dgram from 'node:dgram';
import dnsPacket, { type DecodedPacket, type RecordType } from 'dns-packet';
import { E2E } from '../env';
import { addDomainToCart, apiAs, createCustomer, expect, expectNoA11yViolations, fundWallet, readMail, test, useSession } from '../fixtures';

/** One UDP query to the stack's DNS server, read with the same wire-format library the server uses. */
/** dns-packet decodes the header's RCODE too; its type definitions leave it out. */
type Reply = DecodedPacket & { rcode: string };

function dnsQuery(name: string, type: RecordType): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const socket = dgram.createSocket('udp4');
    const timer = setTimeout(() => {
      socket.close();
      reject(new Error(`no DNS answer for ${name} ${type} on port ${E2E.dnsPort}`));
    }, 2000);
    socket.once('message', (msg) => {
      clearTimeout(timer);
      socket.close();
      resolve(dnsPacket.decode(msg) as Reply);
    });
    socket.send(
      dnsPacket.encode({ type: 'query', id: Math.floor(Math.random() * 65_535), flags: dnsPacket.RECURSION_DESIRED, questions: [{ name, type }] }),
      E2E.dnsPort,
      '127.0.0.1',
    );
  });
}

const answers = (p: DecodedPacket) => (p.answers ?? []).map((a) => (a as { data: unknown }).data);

test('a customer buys a domain, serves a record from our DNS, moves to custom nameservers and reveals the EPP code', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const customer = await createCustomer('dns');
  const domain = `${customer.username}.com`;
  const api = await apiAs(customer.session.access);
  try {
    await fundWallet(api, 200);
    await addDomainToCart(api, domain);
  } finally {
    await api.dispose();
  }

  // Pays in the cart with the wallet, as a customer does.
  await useSession(page, customer.session);
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Pay Now' }).click();
  const pay = page.getByRole('dialog', { name: 'Select Payment Method' });
  await pay.getByLabel('Wallet').check();
  await pay.getByRole('button', { name: 'Pay Now' }).click();
  await expect(page).toHaveURL(/\/dashboard\/invoices$/);

  // The new zone is served at once: SOA and NS at the apex from our nameservers.
  await expect.poll(async () => (await dnsQuery(domain, 'SOA')).rcode, { timeout: 2000 }).toBe('NOERROR');
  expect((answers(await dnsQuery(domain, 'NS')) as string[]).sort()).toEqual(['ns1.hosthub.test', 'ns2.hosthub.test']);
  expect((await dnsQuery(`www.${domain}`, 'A')).rcode).toBe('NXDOMAIN');

  // From the domains table to the domain's page.
  await page.goto('/dashboard/domains');
  await page.getByRole('link', { name: domain }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/domains/${domain.replace('.', '\\.')}$`));
  await expect(page.getByRole('heading', { level: 1, name: domain })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Use our nameservers' })).toBeChecked();

  // An A record for www, answered by the DNS server within a second.
  await page.getByRole('button', { name: 'Add record' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add DNS record' });
  await dialog.getByLabel('Name').fill('www');
  await dialog.getByLabel('IPv4 address').fill('192.0.2.300');
  await dialog.getByRole('button', { name: 'Add record' }).click();
  await expect(dialog.getByText('Enter an IPv4 address, like 192.0.2.1.')).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: testInfo.outputPath('record-dialog-390.png') });
  await page.setViewportSize({ width: 1280, height: 900 });
  await dialog.getByLabel('IPv4 address').fill('192.0.2.44');
  await dialog.getByRole('button', { name: 'Add record' }).click();
  await expect(page.getByText('DNS record added.')).toBeVisible();
  await expect(page.getByRole('cell', { name: '192.0.2.44' })).toBeVisible();
  await expect.poll(async () => answers(await dnsQuery(`www.${domain}`, 'A')), { timeout: 1000, intervals: [50] }).toEqual(['192.0.2.44']);
  await expectNoA11yViolations(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: testInfo.outputPath('domain-page-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: testInfo.outputPath('domain-page-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  // Custom nameservers: the store's server stops answering for the zone.
  await page.getByRole('radio', { name: 'Use custom nameservers' }).check();
  await page.getByLabel('Nameserver 1').fill('ns1.elsewhere.net');
  await page.getByLabel('Nameserver 2').fill('ns1.elsewhere.net');
  await page.getByRole('button', { name: 'Save nameservers' }).click();
  await expect(page.getByText('The same nameserver is listed twice.')).toBeVisible();
  // A bad host name typed and Save pressed at once: the message appears at its field, and the old one about the set
  // goes (the field's message used to move Save between press and release, so the click was lost and it stayed).
  await page.getByLabel('Nameserver 2').fill('not a host');
  await page.getByRole('button', { name: 'Save nameservers' }).click();
  await expect(page.getByLabel('Nameserver 2')).toHaveAccessibleDescription(/Enter a valid host name/);
  await expect(page.getByText('The same nameserver is listed twice.')).toBeHidden();
  await page.getByLabel('Nameserver 2').fill('ns2.elsewhere.net');
  await page.getByRole('button', { name: 'Save nameservers' }).click();
  await expect(page.getByText('Custom nameservers saved.')).toBeVisible();
  await expect(page.getByText('DNS records are served only while the domain uses our nameservers.')).toBeVisible();
  await expect.poll(async () => (await dnsQuery(`www.${domain}`, 'A')).rcode, { timeout: 1000, intervals: [50] }).toBe('REFUSED');
  expect((await dnsQuery(domain, 'SOA')).rcode).toBe('REFUSED');

  // The EPP code: not while locked; then with the account password, and the account holder gets a notice.
  const epp = page.getByRole('region', { name: 'Transfer code (EPP)' });
  await expect(epp.getByText('Turn the registrar lock off first')).toBeVisible();
  await page.getByRole('switch', { name: /Registrar lock/ }).uncheck();
  await expect(page.getByText('Registrar lock is off.')).toBeVisible();
  await epp.getByLabel('Account password').fill('not-the-password');
  await epp.getByRole('button', { name: 'Show transfer code' }).click();
  await expect(epp.getByText('The password is not correct.')).toBeVisible();
  await epp.getByLabel('Account password').fill(customer.password);
  await epp.getByRole('button', { name: 'Show transfer code' }).click();
  const code = epp.getByLabel('Transfer code');
  await expect(code).toHaveText(/^\S{16}$/);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: testInfo.outputPath('domain-page-custom-ns-epp-390.png'), fullPage: true });
  const mentioned = await readMail(customer.email, /someone requested the transfer code \(EPP code\) of (\S+)/);
  expect(mentioned).toBe(domain);
});

test('another customer\'s domain page shows nothing of it', async ({ page }) => {
  const customer = await createCustomer('dnso');
  await useSession(page, customer.session);
  await page.goto('/dashboard/domains/example.com');
  await expect(page.getByText('This domain is not in your account, or could not be loaded.')).toBeVisible();
});
