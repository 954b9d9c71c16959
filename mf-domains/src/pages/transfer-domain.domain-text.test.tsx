// Issue 20.2: domain names wrap at their dots, never inside a word. The result's heading goes through DomainText (a
// <wbr> after each dot) and keeps its text, and the result region its name, exactly.
import { screen, within } from '@testing-library/react';
import { fakeApi, json, renderAt } from '../test/utils';

afterEach(() => jest.restoreAllMocks());

/** The element's text with each <wbr> shown as '|'. */
const withBreaks = (el: Element) => el.innerHTML.replace(/<wbr[^>]*>/g, '|').replace(/<[^>]+>/g, '');
const LONG = 'averyveryverylongbusinessname.com';

it('shows a checked name through DomainText, with the same heading text and region name', async () => {
  fakeApi(() => json({ domain: LONG, eligible: true, transfer_price: 12.99, message: '', id: 7, service: 1 }));
  renderAt(`/transfer-domain?query=${LONG}`);
  const result = await screen.findByRole('region', { name: LONG });
  const heading = within(result).getByRole('heading', { level: 2, name: LONG });
  expect(heading).toHaveTextContent(new RegExp(`^${LONG.replace('.', '\\.')}$`));
  expect(heading.querySelector('.domain-text')).not.toBeNull();
  expect(withBreaks(heading)).toBe('averyveryverylongbusinessname.|com');
});

it('shows the typed name through DomainText when the check fails', async () => {
  jest.spyOn(console, 'error').mockImplementation(() => {});
  fakeApi(() => json({ domain: ['Something went wrong.'] }, 400));
  renderAt('/transfer-domain?query=shop.example.ng');
  const result = await screen.findByRole('region', { name: 'shop.example.ng' });
  const heading = within(result).getByRole('heading', { level: 2, name: 'shop.example.ng' });
  expect(heading.textContent).toBe('shop.example.ng');
  expect(withBreaks(heading)).toBe('shop.|example.|ng');
});
