// Issue 20.2: domain names wrap at their dots, never inside a word. The names' headings go through DomainText (a
// <wbr> after each dot) and keep their text and accessible names exactly.
import { screen, within } from '@testing-library/react';
import { renderAt } from '../test/utils';

/** The element's text with each <wbr> shown as '|'. */
const withBreaks = (el: Element) => el.innerHTML.replace(/<wbr[^>]*>/g, '|').replace(/<[^>]+>/g, '');

it('shows each placeholder name through DomainText: a break after the dot, the same text and heading name', () => {
  renderAt('/buy-domain?domain=averyveryverylongbusinessname.com');
  const grid = screen.getByRole('list', { name: 'Domains for sale' });
  const headings = within(grid).getAllByRole('heading', { level: 2 });
  expect(headings.map((h) => h.textContent)).toEqual(['mybusiness.com', 'mybusiness.ng', 'mybusiness.net', 'mystore.co', 'mystore.org', 'mybrand.uk']);
  for (const heading of headings) {
    const name = heading.textContent!;
    expect(screen.getByRole('heading', { level: 2, name })).toBe(heading);
    expect(heading.querySelector('.domain-text')).not.toBeNull();
    expect(withBreaks(heading)).toBe(name.replace('.', '.|'));
  }
  expect(screen.getByRole('link', { name: 'Buy mybusiness.com' })).toBeInTheDocument();
});
