import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Pagination } from './pagination';

function show(page: number, totalPages: number, onPage = jest.fn()) {
  render(<Pagination label="Suggestion pages" page={page} totalPages={totalPages} hasNext={page < totalPages} onPage={onPage} />);
  const nav = screen.getByRole('navigation', { name: 'Suggestion pages' });
  const numbers = within(nav)
    .getAllByRole('button', { name: /^Page \d+$/ })
    .map((b) => Number(b.textContent));
  return { nav, numbers, onPage };
}

describe('page window of up to 5 numbers', () => {
  it.each([
    [1, 1, [1]],
    [1, 5, [1, 2, 3, 4, 5]],
    [2, 5, [1, 2, 3, 4, 5]],
    [4, 5, [1, 2, 3, 4, 5]],
    [5, 5, [1, 2, 3, 4, 5]],
    [1, 12, [1, 2, 3, 4, 5]],
    [2, 12, [1, 2, 3, 4, 5]],
    [6, 12, [4, 5, 6, 7, 8]],
    [11, 12, [8, 9, 10, 11, 12]],
    [12, 12, [8, 9, 10, 11, 12]],
  ])('page %i of %i shows %j', (page, total, expected) => {
    const { nav, numbers } = show(page, total);
    expect(numbers).toEqual(expected);
    expect(within(nav).getByText(`Page ${page} of ${total}`)).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: `Page ${page}` })).toHaveAttribute('aria-current', 'page');
  });
});

it('disables previous on the first page and next on the last', () => {
  const { nav } = show(1, 1);
  expect(within(nav).getByRole('button', { name: 'Previous page' })).toBeDisabled();
  expect(within(nav).getByRole('button', { name: 'Next page' })).toBeDisabled();
});

it('moves with previous, next and the numbers', async () => {
  const user = userEvent.setup();
  const { nav, onPage } = show(6, 12);
  await user.click(within(nav).getByRole('button', { name: 'Previous page' }));
  await user.click(within(nav).getByRole('button', { name: 'Next page' }));
  await user.click(within(nav).getByRole('button', { name: 'Page 8' }));
  await user.click(within(nav).getByRole('button', { name: 'Page 6' }));
  expect(onPage.mock.calls).toEqual([[5], [7], [8]]);
});
