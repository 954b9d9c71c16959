import styled from '@emotion/styled';
import { Card, theme } from 'shared/ui';

/** Plan cards: one column on phones, two on tablets, three from 900 px. */
export const PlanGrid = styled.ul`
  list-style: none; margin: 0; padding: 0; display: grid; gap: 1.5rem; grid-template-columns: minmax(0, 1fr);
  ${theme.breakpoint.sm} { grid-template-columns: repeat(2, minmax(0, 1fr)); }
  ${theme.breakpoint.md} { grid-template-columns: repeat(3, minmax(0, 1fr)); }
  > li { display: flex; min-width: 0; }
`;

export const PlanCard = styled(Card)<{ highlighted?: boolean }>`
  display: flex; flex-direction: column; gap: .75rem; width: 100%;
  border: 2px solid ${(p) => (p.highlighted ? theme.color.primary : theme.color.border)};
  h2 { margin: 0; font-size: 1.3rem; }
  .badge {
    align-self: flex-start; background: ${theme.color.primary}; color: #fff; border-radius: 999px;
    padding: .2rem .75rem; font-size: .85rem; font-weight: 700; margin: 0;
  }
  .price { margin: 0; font-size: 2rem; font-weight: 800; color: ${theme.color.text}; }
  .price span { font-size: 1rem; font-weight: 600; color: ${theme.color.muted}; }
  .billed { margin: 0; color: ${theme.color.muted}; }
  ul { margin: 0; padding-left: 1.25rem; display: grid; gap: .35rem; flex: 1; align-content: start; }
  > a, > button { width: 100%; margin-top: auto; }
`;

/** The price in dollars, as plan cards show it (spec section 9), e.g. '$5.99'. */
export const dollars = (price: number): string => `$${price.toFixed(2)}`;
