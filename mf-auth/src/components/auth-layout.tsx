// The one layout every auth page sits on (spec section 2: 'Auth and account pages sit on a shared layout with a
// background image'). The image is decorative, so it is a CSS background; the card carries the page's one heading.
import styled from '@emotion/styled';
import type { ReactNode } from 'react';
import { Card, LoadingOverlay, Page, PageTitle, theme } from 'shared/ui';
import background from '../assets/auth-background.svg';

const Backdrop = styled(Page)`
  width: 100%; max-width: none; margin: 0; min-height: 75vh;
  display: flex; align-items: center; justify-content: center;
  padding: 3rem 1rem;
  background: ${theme.color.dark} url(${background}) center / cover no-repeat;
`;

const Panel = styled(Card)<{ wide: boolean }>`
  width: 100%; max-width: ${(p) => (p.wide ? '760px' : '460px')};
  padding: 2rem 1.25rem;
  ${theme.breakpoint.sm} { padding: 2.25rem 2rem; }
  h1 { margin: 0 0 .5rem; font-size: clamp(1.5rem, 3vw, 1.9rem); }
  .intro { margin: 0 0 1.5rem; color: ${theme.color.muted}; }
  form button[type='submit'] { width: 100%; margin-top: .25rem; }
  .links { margin: 1.25rem 0 0; display: flex; flex-wrap: wrap; gap: .5rem 1.25rem; justify-content: space-between; }
  .links a { color: ${theme.color.primary}; font-weight: 600; }
  .row-end { display: flex; justify-content: flex-end; margin: -.5rem 0 1rem; }
  .row-end a { color: ${theme.color.primary}; font-weight: 600; }
`;

export interface AuthLayoutProps {
  title: string;
  intro?: ReactNode;
  /** A call is running: cover the card with the loading overlay. */
  busy?: boolean;
  /** The signup form has eleven fields and lays them out in two columns. */
  wide?: boolean;
  children: ReactNode;
}

export function AuthLayout({ title, intro, busy = false, wide = false, children }: AuthLayoutProps) {
  return (
    <Backdrop data-testid="auth-layout">
      <Panel wide={wide}>
        <LoadingOverlay show={busy} label="Please wait…" />
        <PageTitle title={title} />
        <h1>{title}</h1>
        {intro ? <p className="intro">{intro}</p> : null}
        {children}
      </Panel>
    </Backdrop>
  );
}
