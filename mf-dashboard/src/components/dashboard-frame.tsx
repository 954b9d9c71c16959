import styled from '@emotion/styled';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { Page, PageTitle, SkeletonBlock, theme } from 'shared/ui';

const LINKS = [
  { to: '/dashboard', label: 'Dashboard', end: true },
  { to: '/dashboard/tickets', label: 'Tickets' },
  { to: '/dashboard/invoices', label: 'Invoices' },
  { to: '/dashboard/services', label: 'Services' },
  { to: '/dashboard/domains', label: 'Domains' },
  { to: '/dashboard/wallet', label: 'Wallet' },
];

const Shell = styled.div`
  width: min(1200px, 100%); margin: 0 auto; padding: 1rem 1rem 0; min-width: 0;
  ${theme.breakpoint.md} {
    /* The menu's width in rem: it grows with the text, so a larger text size does not push its words out. */
    display: grid; grid-template-columns: 14rem minmax(0, 1fr); gap: 1.5rem; align-items: start; padding-top: 2rem;
  }
  & > main { padding-top: 1rem; padding-left: 0; padding-right: 0; min-width: 0; }
  ${theme.breakpoint.md} { & > main { padding-top: 0; } }
`;

const Side = styled.nav`
  background: ${theme.color.surface}; border: 1px solid ${theme.color.border}; border-radius: ${theme.radius};
  box-shadow: ${theme.shadow}; padding: .5rem;
  ${theme.breakpoint.md} { position: sticky; top: 1rem; }
  ul { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: .25rem; }
  ul[data-open='false'] { display: none; }
  ${theme.breakpoint.md} { ul[data-open='false'] { display: flex; } }
  a { display: flex; align-items: center; min-height: 44px; padding: .5rem .9rem; border-radius: 8px;
    color: ${theme.color.text}; text-decoration: none; font-weight: 600; }
  a:hover { background: ${theme.color.primarySoft}; }
  a[aria-current='page'] { background: ${theme.color.primary}; color: #fff; }
`;

const Toggle = styled.button`
  display: flex; width: 100%; align-items: center; justify-content: space-between; min-height: 44px;
  padding: .5rem .9rem; border: 0; background: transparent; font: inherit; font-weight: 700; cursor: pointer;
  color: ${theme.color.text}; border-radius: 8px;
  ${theme.breakpoint.md} { display: none; }
  svg { transition: transform .2s; }
  &[aria-expanded='true'] svg { transform: rotate(180deg); }
`;

const Title = styled.h1`
  &:focus { outline: none; }
`;

/**
 * Set when a link of the side navigation is followed: every page has its own frame, so the followed link goes with the
 * old page and focus with it. The new page's frame then puts focus on its heading: a keyboard user goes on from there,
 * and a screen reader says which page this is.
 */
let followedTo: string | null = null;

/** The dashboard pages' frame: a side navigation (a collapsible menu on phones) and the page's one <main>. */
export function DashboardFrame({ title, children }: { title: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    if (followedTo === null || followedTo !== pathname.replace(/\/$/, '')) return;
    followedTo = null;
    const active = document.activeElement;
    if (active === null || active === document.body) heading.current?.focus();
  }, [pathname]);
  return (
    <Shell>
      <Side aria-label="Dashboard">
        <Toggle type="button" aria-expanded={open} aria-controls={listId} onClick={() => setOpen((o) => !o)}>
          Dashboard menu
          <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M3 6l5 5 5-5" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </Toggle>
        <ul id={listId} data-open={open}>
          {LINKS.map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                end={link.end}
                onClick={() => {
                  setOpen(false);
                  followedTo = link.to;
                }}
              >
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </Side>
      <Page>
        <PageTitle title={title} />
        <Title ref={heading} tabIndex={-1}>
          {title}
        </Title>
        {children}
      </Page>
    </Shell>
  );
}

/** A count tile: a label and a number or an amount (a skeleton while loading, a dash when it failed: 'failed'). */
const TileBox = styled.div`
  background: ${theme.color.surface}; border: 1px solid ${theme.color.border}; border-radius: ${theme.radius};
  box-shadow: ${theme.shadow}; padding: 1rem 1.25rem; min-width: 0;
  /* The label may take one line or two: the number sits at the foot of the tile, level with its neighbours'. */
  display: flex; flex-direction: column; justify-content: space-between; gap: .5rem;
  p { margin: 0; }
  p:first-of-type { color: ${theme.color.muted}; font-weight: 600; }
  p:last-of-type { font-size: 1.8rem; font-weight: 700; line-height: 1.2; font-variant-numeric: tabular-nums; }
`;

export function CountTile({ label, value }: { label: string; value: number | string | null }) {
  const shown = value === 'failed' ? '-' : String(value);
  return (
    <TileBox role="group" aria-label={label}>
      <p>{label}</p>
      {value === null ? (
        <p aria-busy="true">
          <span className="visually-hidden">Loading</span>
          <SkeletonBlock aria-hidden="true" w="3rem" h="2.15rem" />
        </p>
      ) : (
        <p>{shown}</p>
      )}
    </TileBox>
  );
}

export const Tiles = styled.div`
  display: grid; gap: 1rem; margin-bottom: 1.5rem;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 9.5rem), 1fr));
`;
