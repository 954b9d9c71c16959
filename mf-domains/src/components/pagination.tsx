import styled from '@emotion/styled';
import { pageWindow } from 'shared/format';
import { PAGINATION_WINDOW } from 'shared/schemas';
import { PageButton, theme } from 'shared/ui';

const Nav = styled.nav`
  display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: .75rem; margin-top: 1.5rem;
  p { margin: 0; color: ${theme.color.muted}; }
  ul { display: flex; flex-wrap: wrap; gap: .35rem; list-style: none; margin: 0; padding: 0; }
`;

interface PaginationProps {
  page: number;
  totalPages: number;
  hasNext: boolean;
  label: string;
  onPage(page: number): void;
}

/** 'Page X of N', up to 5 page numbers around the current one, previous and next (spec section 2). */
export function Pagination({ page, totalPages, hasNext, label, onPage }: PaginationProps) {
  const total = Math.max(1, totalPages);
  return (
    <Nav aria-label={label}>
      <p aria-live="polite">
        Page {page} of {total}
      </p>
      <ul>
        <li>
          <PageButton type="button" aria-label="Previous page" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            ‹
          </PageButton>
        </li>
        {pageWindow(page, total, PAGINATION_WINDOW).map((n) => (
          <li key={n}>
            <PageButton
              type="button"
              aria-label={`Page ${n}`}
              aria-current={n === page ? 'page' : undefined}
              onClick={() => n !== page && onPage(n)}
            >
              {n}
            </PageButton>
          </li>
        ))}
        <li>
          <PageButton type="button" aria-label="Next page" disabled={!hasNext || page >= total} onClick={() => onPage(page + 1)}>
            ›
          </PageButton>
        </li>
      </ul>
    </Nav>
  );
}
