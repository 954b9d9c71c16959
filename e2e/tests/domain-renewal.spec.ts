// Renewing a domain from its page: buy a domain with the wallet, turn auto-renew off and on again, choose 2 years in
// 'Renew now' (priced by the server), pay the renewal invoice from the wallet in the payment dialog, and see the expiry
// date move by exactly 2 years, on the page and in the API; the invoice is paid once.
import { addDomainToCart, apiAs, createCustomer, expect, expectNoA11yViolations, fundWallet, test, useSession } from '../fixtures';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** '2027-03-03' -> '3rd Mar, 2027' (the spec's date format). */
function shown(iso: string) {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const suffix = d % 10 === 1 && d !== 11 ? 'st' : d % 10 === 2 && d !== 12 ? 'nd' : d % 10 === 3 && d !== 13 ? 'rd' : 'th';
  return `${d}${suffix} ${MONTHS[m - 1]}, ${y}`;
}
const plusYears = (iso: string, years: number) => `${Number(iso.slice(0, 4)) + years}${iso.slice(4)}`;

test('a customer turns auto-renew off and on, renews a domain for 2 years from the wallet and sees the new expiry date', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const customer = await createCustomer('renew');
  const domain = `${customer.username}.com`;
  const api = await apiAs(customer.session.access);
  try {
    await fundWallet(api, 200);
    await addDomainToCart(api, domain);
    const pay = await api.post('/api/checkout/', { data: { payment_kind: 'wallet', currency: 'USD' } });
    expect(pay.ok(), await pay.text()).toBeTruthy();

    const before = (await (await api.get(`/domain/${domain}/`)).json()) as { expirydate: string; auto_renew: boolean };
    expect(before.auto_renew).toBe(true);

    await useSession(page, customer.session);
    await page.goto(`/dashboard/domains/${domain}`);
    const overview = page.getByRole('region', { name: 'Overview' });
    await expect(overview.getByText('Expiry date', { exact: true }).locator('xpath=following-sibling::dd')).toHaveText(shown(before.expirydate));

    // Auto-renew: off, then on again; the API agrees each time.
    const autoRenew = overview.getByRole('switch', { name: /Auto-renew/ });
    await expect(autoRenew).toBeChecked();
    await autoRenew.uncheck();
    await expect(page.getByText(`Auto-renew off for ${domain}.`)).toBeVisible();
    await expect.poll(async () => ((await (await api.get(`/domain/${domain}/`)).json()) as { auto_renew: boolean }).auto_renew).toBe(false);
    await autoRenew.check();
    await expect(page.getByText(`Auto-renew on for ${domain}.`)).toBeVisible();
    await expect.poll(async () => ((await (await api.get(`/domain/${domain}/`)).json()) as { auto_renew: boolean }).auto_renew).toBe(true);

    // Renew now for 2 years: the server's price, then the wallet in the payment dialog.
    const renew = overview.getByRole('region', { name: 'Renew now' });
    await renew.getByLabel('Renewal period').selectOption('2');
    const quote = (await (await api.get(`/domain/${domain}/renewal/?years=2`)).json()) as { total: number; new_expirydate: string };
    expect(quote.new_expirydate).toBe(plusYears(before.expirydate, 2));
    await expect(renew.getByText('New expiry date').locator('xpath=following-sibling::dd[1]')).toHaveText(shown(quote.new_expirydate));
    await expect(renew.getByText('Total', { exact: true }).locator('xpath=following-sibling::dd[1]')).toHaveText(`$${quote.total.toFixed(2)}`);
    await expectNoA11yViolations(page);
    await page.screenshot({ path: testInfo.outputPath('renewal-1280.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await overview.screenshot({ path: testInfo.outputPath('renewal-390.png') });
    await page.setViewportSize({ width: 1280, height: 900 });

    await renew.getByRole('button', { name: 'Renew now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Select Payment Method' });
    await expect(dialog.getByText(`Amount due: $${quote.total.toFixed(2)} including VAT`)).toBeVisible();
    await dialog.getByLabel('Wallet').check();
    await dialog.getByRole('button', { name: 'Pay Now' }).click();
    await expect(renew.getByText(`Renewed: ${domain} now expires on ${shown(quote.new_expirydate)}.`)).toBeVisible();
    await expect(overview.getByText('Expiry date', { exact: true }).locator('xpath=following-sibling::dd')).toHaveText(shown(quote.new_expirydate));

    // Exactly 2 years, once: the API says the same, and one paid renewal invoice, none unpaid.
    const after = (await (await api.get(`/domain/${domain}/`)).json()) as { expirydate: string; status: string };
    expect(after).toMatchObject({ status: 'Active', expirydate: plusYears(before.expirydate, 2) });
    const list = (await (await api.get('/api/user_invoice_list/')).json()) as { invoices: { invoices: { invoice: { status: string; notes: string }[] } } };
    const renewalInvoices = list.invoices.invoices.invoice.filter((i) => String(i.notes).startsWith(`Renewal of ${domain}`));
    expect(renewalInvoices.map((i) => i.status)).toEqual(['Paid']);
    await page.reload();
    await expect(page.getByRole('region', { name: 'Overview' }).getByText('Expiry date', { exact: true }).locator('xpath=following-sibling::dd')).toHaveText(shown(quote.new_expirydate));
  } finally {
    await api.dispose();
  }
});
