// Issue 20.2: domain names wrap at their dots, never inside a word: the Domain Name cells (a link to the domain's
// page) go through DomainText (a <wbr> after each dot) and keep their text and the cell's and link's names.
import { screen, within } from '@testing-library/react';
import { fakeApi, renderPage } from '../../../shared/testing/fake-api';
import { DomainsPage } from './domains';

/** The element's text with each <wbr> shown as '|'. */
const withBreaks = (el: Element) => el.innerHTML.replace(/<wbr[^>]*>/g, '|').replace(/<[^>]+>/g, '');

it('shows each Domain Name through DomainText inside its link, with the same cell and link names', async () => {
  fakeApi({
    'GET domain': {
      body: [
        { id: 1, domainname: 'averyveryverylongbusinessname.com', paymentmethodname: 'Wallet', regperiod: 1, status: 'Active', nextduedate: '2025-03-02' },
        { id: 2, domainname: 'shop.example.ng', paymentmethodname: null, regperiod: 2, status: 'Pending', nextduedate: null },
        { id: 3, domainname: null, paymentmethodname: null, regperiod: 1, status: 'Pending', nextduedate: null },
      ],
    },
  });
  renderPage('/dashboard/domains', <DomainsPage />);
  const cell = await screen.findByRole('cell', { name: 'averyveryverylongbusinessname.com' });
  expect(cell).toHaveAttribute('data-label', 'Domain Name');
  expect(cell.textContent).toBe('averyveryverylongbusinessname.com');
  const link = within(cell).getByRole('link', { name: 'averyveryverylongbusinessname.com' });
  expect(link).toHaveAttribute('href', '/dashboard/domains/averyveryverylongbusinessname.com');
  expect(link.querySelector('.domain-text')).not.toBeNull();
  expect(withBreaks(cell)).toBe('averyveryverylongbusinessname.|com');

  const other = screen.getByRole('cell', { name: 'shop.example.ng' });
  expect(other.textContent).toBe('shop.example.ng');
  expect(withBreaks(other)).toBe('shop.|example.|ng');

  // No name: still a plain dash, with no DomainText.
  const row = screen.getAllByRole('row')[3]!;
  const empty = within(row).getAllByRole('cell')[1]!;
  expect(empty).toHaveAttribute('data-label', 'Domain Name');
  expect(empty.querySelector('.value')!.innerHTML).toBe('-'); // the dash alone, no DomainText
});

it('shows an internationalised name as the customer typed it; its link keeps the punycode', async () => {
  fakeApi({
    'GET domain': {
      body: [{ id: 4, domainname: 'xn--bcher-kva.com', domainname_unicode: 'bücher.com', paymentmethodname: 'Wallet', regperiod: 1, status: 'Active', nextduedate: '2025-03-02' }],
    },
  });
  renderPage('/dashboard/domains', <DomainsPage />);
  const link = await screen.findByRole('link', { name: 'bücher.com' });
  expect(link).toHaveAttribute('href', '/dashboard/domains/xn--bcher-kva.com');
  expect(screen.queryByText('xn--bcher-kva.com')).not.toBeInTheDocument();
});
