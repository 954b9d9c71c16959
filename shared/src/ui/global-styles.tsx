import { Global, css } from '@emotion/react';
import { theme } from './theme';

export function GlobalStyles() {
  return (
    <Global
      styles={css`
        *, *::before, *::after { box-sizing: border-box; }
        /* The header stays at the top (sticky): what focus or a #link scrolls to stops below it, not under it. */
        html { -webkit-text-size-adjust: 100%; scroll-padding-top: 5.5rem; }
        body { margin: 0; font-family: ${theme.font}; color: ${theme.color.text}; background: ${theme.color.background};
          line-height: 1.5; }
        img { max-width: 100%; height: auto; }
        a { color: ${theme.color.primary}; }
        a:focus-visible, button:focus-visible { outline: 3px solid ${theme.color.primary}; outline-offset: 2px; }
        .visually-hidden { position: absolute !important; width: 1px; height: 1px; padding: 0; margin: -1px;
          overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
        .skip-link { position: absolute; left: -9999px; top: .5rem; z-index: 3000; background: #fff; padding: .75rem 1rem;
          border-radius: 8px; }
        .skip-link:focus { left: .5rem; }
        @media (prefers-reduced-motion: reduce) { * { scroll-behavior: auto !important; } }
      `}
    />
  );
}
