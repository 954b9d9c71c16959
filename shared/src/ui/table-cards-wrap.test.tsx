// Issue 20.2: domain names wrap at their dots, never inside a word. On a phone a card never grows wider than the table
// for its longest word (so nothing scrolls sideways): its cells wrap anywhere (an e-mail, a button's text), and a
// domain name (DomainText) sets break-word on itself, so it wraps at its dots.
import { render, screen } from '@testing-library/react';
import { DomainText, Table, type Column } from 'shared/ui';

interface Site {
  id: number;
  domain: string;
}
const COLUMNS: Column<Site>[] = [{ header: 'Domain', cell: (s) => <DomainText text={s.domain} /> }];

/** Every CSS rule emotion has put in the document, as text, whitespace squeezed. */
function cssText(): string {
  return Array.from(document.querySelectorAll('style'))
    .map((style) => {
      const fromRules = style.sheet ? Array.from(style.sheet.cssRules, (r) => r.cssText).join('\n') : '';
      return `${style.textContent ?? ''}\n${fromRules}`;
    })
    .join('\n')
    .replace(/\s+/g, ' ');
}

/** The phone rules: the text of the cards media query on. */
function phoneCss(): string {
  const css = cssText();
  const at = css.search(/@media \(width ?< ?56\.25em\)/);
  expect(at).toBeGreaterThanOrEqual(0);
  return css.slice(at);
}

it('phone cards: a card is no wider than the table, a DomainText in a cell wraps at its dots (break-word on itself) and keeps its text and name', () => {
  render(<Table caption="Sites" columns={COLUMNS} rows={[{ id: 1, domain: 'averyveryverylongbusinessname.com' }]} rowKey={(s) => s.id} />);
  const phone = phoneCss();
  const td = /\[data-layout=['"]cards['"]\] td ?\{([^}]*)\}/.exec(phone);
  expect(td).not.toBeNull();
  expect(td![1]).toMatch(/overflow-wrap: ?anywhere/);
  expect(phone).toMatch(/\[data-layout=['"]cards['"]\] tbody ?\{[^}]*grid-template-columns: ?minmax\(0(px)?, ?1fr\)/);
  expect(phone).toMatch(/\[data-layout=['"]cards['"]\] tbody tr ?\{[^}]*min-width: ?0/);
  // The cell's text and name are the domain name; the only addition is a <wbr> after the dot.
  const cell = screen.getByRole('cell', { name: 'averyveryverylongbusinessname.com' });
  expect(cell.querySelector('.domain-text')).toHaveStyle({ overflowWrap: 'break-word' });
  expect(cell.textContent).toBe('averyveryverylongbusinessname.com');
  expect(cell.innerHTML.replace(/<wbr[^>]*>/g, '|').replace(/<[^>]+>/g, '')).toBe('averyveryverylongbusinessname.|com');
});
