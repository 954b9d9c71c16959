import styled from '@emotion/styled';
import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { hideToast, useToast } from 'shared/toast';
import { theme } from './theme';

const Box = styled.div<{ tone: 'success' | 'error' | 'warning' }>`
  position: fixed; right: 1rem; bottom: 1rem; z-index: 2000; max-width: min(440px, calc(100vw - 2rem));
  display: flex; align-items: flex-start; gap: .75rem; padding: .9rem 1rem; border-radius: ${theme.radius};
  background: #fff; color: ${theme.color.text}; box-shadow: 0 8px 30px rgba(20,20,43,.18);
  border-left: 6px solid ${(p) => theme.color[p.tone]};
  svg { flex: none; color: ${(p) => theme.color[p.tone]}; }
  p { margin: 0; flex: 1; overflow-wrap: anywhere; }
  button { border: 0; background: transparent; cursor: pointer; font-size: 1.4rem; line-height: 1; min-width: 32px;
    min-height: 32px; color: ${theme.color.muted}; border-radius: 6px; }
  button:focus-visible { outline: 3px solid ${theme.color.primary}; }
`;

function Icon({ tone }: { tone: 'success' | 'error' | 'warning' }) {
  const path =
    tone === 'success'
      ? 'M9 12.5l2 2 4-4.5'
      : tone === 'error'
        ? 'M9 9l6 6M15 9l-6 6'
        : 'M12 7v6M12 16.5v.5';
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true" data-tone={tone}>
      <circle cx="12" cy="12" r="10" />
      <path d={path} strokeLinecap="round" />
    </svg>
  );
}

/** The toast of spec section 2: green for SUCCESS, red for ERROR, yellow otherwise; closes after its timeout. */
export function Toast() {
  const { type, label, showSnackbar, timeout, shownAt, id } = useToast();
  useEffect(() => {
    if (!showSnackbar) return;
    const timer = setTimeout(hideToast, Math.max(0, shownAt + timeout - Date.now()));
    return () => clearTimeout(timer);
  }, [showSnackbar, timeout, shownAt, id]);
  const tone = type === 'SUCCESS' ? 'success' : type === 'ERROR' ? 'error' : 'warning';
  // A live region of its own at the end of <body>: an open dialog leaves it reachable (see Dialog).
  return createPortal(
    <div aria-live={tone === 'error' ? 'assertive' : 'polite'} role={tone === 'error' ? 'alert' : 'status'} data-live-region="">
      {showSnackbar ? (
        <Box tone={tone} data-type={type}>
          <Icon tone={tone} />
          <p>{label}</p>
          <button type="button" aria-label="Close notification" onClick={hideToast}>
            ×
          </button>
        </Box>
      ) : null}
    </div>,
    document.body,
  );
}
