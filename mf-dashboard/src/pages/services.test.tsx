// Issue 20.2: domain names wrap at their dots, never inside a word: the services table's Domain cells go through
// DomainText (a <wbr> after each dot) and keep their text and cell names; an empty domain is still a dash.
import { screen, within } from '@testing-library/react';
import { fakeApi, renderPage } from '../../../shared/testing/fake-api';
import { ServicesPage } from './services';

/** The element's text with each <wbr> shown as '|'. */
const withBreaks = (el: Element) => el.innerHTML.replace(/<wbr[^>]*>/g, '|').replace(/<[^>]+>/g, '');

it('shows each Domain through DomainText, with the same cell name, and a dash for none', async () => {
  fakeApi({
    'GET api/user_services': {
      body: [
        { id: 5, name: 'Starter Hosting', billingcycle: 'Annually', domain: 'averyveryverylongbusinessname.com', regdate: '2024-03-02', serverhostname: 'srv1.host.test', status: 'Active' },
        { id: 9, name: 'Pro Hosting', billingcycle: 'Monthly', domain: '  ', regdate: '2024-04-22', serverhostname: '', status: 'Pending' },
      ],
    },
  });
  renderPage('/dashboard/services', <ServicesPage />);
  const cell = await screen.findByRole('cell', { name: 'averyveryverylongbusinessname.com' });
  expect(cell).toHaveAttribute('data-label', 'Domain');
  expect(cell.textContent).toBe('averyveryverylongbusinessname.com');
  expect(cell.querySelector('.domain-text')).not.toBeNull();
  expect(withBreaks(cell)).toBe('averyveryverylongbusinessname.|com');

  const row = screen.getAllByRole('row')[2]!;
  const empty = within(row).getAllByRole('cell')[3]!;
  expect(empty).toHaveAttribute('data-label', 'Domain');
  expect(empty.querySelector('.value')!.innerHTML).toBe('-'); // the dash alone, no DomainText
});

it('offers the auto-renew switch for a live service only: a Terminated one has nothing left to renew', async () => {
  fakeApi({
    'GET api/user_services': {
      body: [
        { id: 5, name: 'Starter Hosting', domain: 'live.com', regdate: '2024-03-02', serverhostname: 'srv1', status: 'Suspended', auto_renew: true },
        { id: 9, name: 'Pro Hosting', domain: 'gone.com', regdate: '2024-04-22', serverhostname: 'srv2', status: 'Terminated', auto_renew: true },
      ],
    },
  });
  renderPage('/dashboard/services', <ServicesPage />);
  const live = (await screen.findByRole('cell', { name: 'live.com' })).closest('tr')!;
  expect(within(live).getByRole('switch', { name: 'Auto-renew' })).toBeChecked();
  const gone = screen.getByRole('cell', { name: 'gone.com' }).closest('tr')!;
  expect(within(gone).queryByRole('switch')).toBeNull();
  expect(within(gone).getAllByRole('cell').at(-1)!.textContent).toBe('-');
});
