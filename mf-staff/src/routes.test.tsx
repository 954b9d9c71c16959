import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sessionStore } from 'shared/session';
import { fakeApi, renderRoutes } from '../../shared/testing/fake-api';
import { routes } from './routes';

const me = (role: string) => ({ body: { data: { id: 1, username: role, role } } });

let n = 0;
// A new session per test: the role is asked once per session.
beforeEach(() => sessionStore.setState({ session: { access: `token-${++n}` } }));
afterEach(() => jest.restoreAllMocks());

it('a customer opening /staff gets the 404 page, without asking the staff API', async () => {
    const api = fakeApi({ 'GET core/me': me('customer') });
    renderRoutes(routes, '/staff');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(api.calls.map((c) => c.path)).toEqual(['core/me']);
});

it('billing refunds part of an invoice: the amount and reason are sent, a server error shows at the field', async () => {
    const invoice = { id: 5, invoicenum: 'INV-5', user: 9, username: 'ada', status: 'Paid', currency: 'USD', total: 21.49, refunded: 0, refundable: 21.49, bank_reference: null, due_date: '2026-03-10', created_at: '', paid_at: '', items: [], refunds: [] };
    let tries = 0;
    const api = fakeApi({
      'GET core/me': me('billing'),
      'GET staff/invoices/5': { body: invoice },
      'POST staff/invoices/5/refunds': () =>
        ++tries === 1 ? { status: 400, body: { amount: ['At most USD 21.49 can be refunded: that is what was paid and not yet refunded.'] } } : { status: 201, body: { data: {} } },
    });
    renderRoutes(routes, '/staff/invoices/5');
    const form = await screen.findByRole('form', { name: 'Refund' });
    await userEvent.type(within(form).getByLabelText('Refund amount'), '30');
    await userEvent.type(within(form).getByLabelText('Reason'), 'Outage');
    await userEvent.click(within(form).getByRole('button', { name: 'Refund' }));
    expect(await within(form).findByText(/^At most USD 21.49/)).toBeInTheDocument();
    expect(api.find('POST', 'staff/invoices/5/refunds')[0]!.body).toEqual({ amount: '30', reason: 'Outage' });
});

it('the routes cover /staff and everything under it', () => {
  expect(routes.map((r) => r.path)).toContain('/staff');
  expect(routes.every((r) => r.path?.startsWith('/staff'))).toBe(true);
});
