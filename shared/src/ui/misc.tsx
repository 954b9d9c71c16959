import { keyframes } from '@emotion/react';
import styled from '@emotion/styled';
import { Fragment, type ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import { splitLines } from '../format';
import { theme } from './theme';

const spin = keyframes`to { transform: rotate(360deg); }`;

const Overlay = styled.div`
  position: absolute; inset: 0; background: rgba(255, 255, 255, 0.7); display: flex; align-items: center;
  justify-content: center; z-index: 5; border-radius: inherit;
  span.spinner { width: 40px; height: 40px; border-radius: 50%; border: 4px solid ${theme.color.primarySoft};
    border-top-color: ${theme.color.primary}; animation: ${spin} .8s linear infinite; }
  @media (prefers-reduced-motion: reduce) { span.spinner { animation-duration: 3s; } }
`;

/** Covers its positioned parent while a call is running; announced to screen readers. */
export function LoadingOverlay({ show, label = 'Loading…' }: { show: boolean; label?: string }) {
  if (!show) return null;
  return (
    <Overlay role="status" aria-live="polite" data-testid="loading-overlay">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </Overlay>
  );
}

export const Card = styled.div`
  position: relative; background: ${theme.color.surface}; border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius}; box-shadow: ${theme.shadow}; padding: 1.5rem; min-width: 0;
`;

export const Page = styled.main`
  width: min(1200px, 100%); margin: 0 auto; padding: 2rem 1rem 3rem;
  h1 { font-size: clamp(1.6rem, 3vw, 2.2rem); margin: 0 0 1.25rem; }
`;

export const Notice = styled.p<{ tone?: 'error' | 'info' }>`
  /* A long word (a domain name in a message) wraps inside the box rather than running out of it on a phone. */
  padding: 1rem 1.25rem; border-radius: ${theme.radius}; overflow-wrap: break-word;
  background: ${(p) => (p.tone === 'error' ? theme.color.errorBg : theme.color.primarySoft)};
  color: ${(p) => (p.tone === 'error' ? theme.color.error : theme.color.text)};
`;

/** Text with its line breaks kept (spec section 9). */
export function Lines({ text }: { text: string }) {
  const lines = splitLines(text);
  return (
    <>
      {lines.map((line, i) => (
        <Fragment key={i}>
          {i > 0 ? <br /> : null}
          {line}
        </Fragment>
      ))}
    </>
  );
}

const TabList = styled.nav`
  display: flex; gap: .25rem; border-bottom: 1px solid ${theme.color.border}; margin-bottom: 1.5rem; overflow-x: auto;
  a { padding: .75rem .8rem; text-decoration: none; color: ${theme.color.muted}; font-weight: 600; flex-shrink: 0;
    border-bottom: 3px solid transparent; min-height: 44px; display: inline-flex; align-items: center; }
  ${theme.breakpoint.sm} { a { padding: .75rem 1.1rem; } }
  a[aria-current='page'] { color: ${theme.color.primary}; border-bottom-color: ${theme.color.primary}; }
  a:focus-visible { outline: 3px solid ${theme.color.primary}; }
`;

/** Tabs that are routes: each tab is a link, the current one marked. */
export function Tabs({ label, tabs }: { label: string; tabs: { to: string; label: string; end?: boolean }[] }) {
  return (
    <TabList aria-label={label}>
      {tabs.map((t) => (
        <NavLink key={t.to} to={t.to} end={t.end}>
          {t.label}
        </NavLink>
      ))}
    </TabList>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return <Notice role="status">{children}</Notice>;
}
