import { keyframes } from '@emotion/react';
import styled from '@emotion/styled';
import { TABLE_CARDS_MEDIA } from './table';
import { theme } from './theme';

const shimmer = keyframes`from { background-position: 100% 0; } to { background-position: -100% 0; }`;

/** A grey block standing in for text or a box that is loading. */
export const SkeletonBlock = styled.span<{ w?: string; h?: string }>`
  display: block; width: ${(p) => p.w ?? '100%'}; height: ${(p) => p.h ?? '1rem'}; border-radius: 6px;
  background: linear-gradient(90deg, #eceef4 0%, #f6f7fb 50%, #eceef4 100%); background-size: 200% 100%;
  animation: ${shimmer} 1.4s ease-in-out infinite;
  @media (prefers-reduced-motion: reduce) { animation: none; }
`;

const Box = styled.div`
  display: grid; gap: .75rem;
  .row { display: grid; gap: 1rem; grid-template-columns: repeat(var(--cols), minmax(0, 1fr)); align-items: center;
    padding: .75rem 1rem; border-bottom: 1px solid ${theme.color.border}; }
  .row:last-of-type { border-bottom: 0; }
  &.table { border: 1px solid ${theme.color.border}; border-radius: ${theme.radius}; background: #fff; gap: 0; }
  &.table .row:first-of-type { background: ${theme.color.background}; }
  &.cards { grid-template-columns: minmax(0, 1fr); }
  ${theme.breakpoint.md} { &.cards.aside { grid-template-columns: minmax(0, 1fr) 340px; align-items: start; } }
  .cell { display: block; }
  .cell > .label { display: none; }
  /* Phones: shaped like the table's cards, a 'column name: value' line per column. */
  ${TABLE_CARDS_MEDIA} {
    &.table { border: 0; background: none; gap: .75rem; }
    &.table .row:first-of-type { display: none; }
    &.table .row { display: grid; grid-template-columns: minmax(0, 1fr); gap: 0; padding: .25rem 0; background: #fff;
      border: 1px solid ${theme.color.border}; border-radius: ${theme.radius}; }
    &.table .row:last-of-type { border-bottom: 1px solid ${theme.color.border}; }
    .cell { display: grid; grid-template-columns: 40% minmax(0, 1fr); gap: 1.25rem; align-items: center; padding: .7rem 1rem; }
    .cell > .label { display: block; }
  }
  .card { background: #fff; border: 1px solid ${theme.color.border}; border-radius: ${theme.radius}; padding: 1.5rem;
    display: grid; gap: .75rem; }
`;

/**
 * Loading placeholder shaped like what comes: `table` (a header row and `rows` rows of `columns` cells), `cards`
 * (`rows` cards, with a summary card beside them when `aside`) or `text` (`rows` paragraphs of lines). Announced once
 * to screen readers as `label`.
 */
export function Skeleton({
  label,
  shape = 'table',
  rows = 3,
  columns = 4,
  aside = false,
}: {
  label: string;
  shape?: 'table' | 'cards' | 'text';
  rows?: number;
  columns?: number;
  aside?: boolean;
}) {
  const list = Array.from({ length: rows }, (_, i) => i);
  return (
    <div role="status" aria-live="polite" data-testid="skeleton">
      <span className="visually-hidden">{label}</span>
      {shape === 'text' ? (
        <Box aria-hidden="true">
          {list.map((r) => (
            <div key={r} style={{ display: 'grid', gap: '.6rem', marginBottom: '1rem' }}>
              <SkeletonBlock w="96%" />
              <SkeletonBlock w="92%" />
              <SkeletonBlock w={`${50 + (r % 3) * 15}%`} />
            </div>
          ))}
        </Box>
      ) : shape === 'table' ? (
        <Box className="table" aria-hidden="true" style={{ ['--cols' as string]: columns }}>
          {[-1, ...list].map((r) => (
            <div className="row" key={r}>
              {Array.from({ length: columns }, (_, c) => (
                <span className="cell" key={c}>
                  <SkeletonBlock className="label" w="70%" h=".85rem" />
                  <SkeletonBlock w={`${55 + ((r + c) % 3) * 15}%`} h={r < 0 ? '.85rem' : '1rem'} />
                </span>
              ))}
            </div>
          ))}
        </Box>
      ) : (
        <Box className={`cards${aside ? ' aside' : ''}`} aria-hidden="true">
          <div style={{ display: 'grid', gap: '1rem' }}>
            {list.map((r) => (
              <div className="card" key={r}>
                <SkeletonBlock w="60%" h="1.3rem" />
                <SkeletonBlock w="25%" h="1.1rem" />
                <SkeletonBlock w="90%" />
                <SkeletonBlock w="30%" h="2.5rem" />
              </div>
            ))}
          </div>
          {aside ? (
            <div className="card">
              <SkeletonBlock w="50%" h="1.3rem" />
              <SkeletonBlock w="100%" />
              <SkeletonBlock w="100%" />
              <SkeletonBlock w="100%" h="2.75rem" />
            </div>
          ) : null}
        </Box>
      )}
    </div>
  );
}
