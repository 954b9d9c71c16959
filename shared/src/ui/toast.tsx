import styled from '@emotion/styled';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { hideToast, useToast } from 'shared/toast';
import { theme } from './theme';

/** The toast's distance from the window's edges, in px. */
const EDGE = 16;

/**
 * Whether the toast, at its usual place (the bottom right corner), would cover the focused control, or a bar of actions: on a phone it spans
 * the width, and a form's button at the bottom of the screen is where focus is after a call that shows a toast. The
 * toast then stands at the top (WCAG 2.4.11, focus not obscured), where it goes back to when focus moves away.
 */
function coversFocus(box: HTMLElement): boolean {
  const { width, height } = box.getBoundingClientRect();
  const right = window.innerWidth - EDGE;
  const bottom = window.innerHeight - EDGE;
  const covers = (f: DOMRect) => f.bottom > bottom - height && f.top < bottom && f.right > right - width && f.left < right;
  const focused = document.activeElement;
  if (focused && focused !== document.body && !box.contains(focused) && covers(focused.getBoundingClientRect())) return true;
  // Nor a bar of actions fixed at the bottom of the screen (TOAST_CLEAR: the cart's amount and pay button on a phone).
  return [...document.querySelectorAll(`[${TOAST_CLEAR}]`)].some((bar) => covers(bar.getBoundingClientRect()));
}

/** The attribute of an element the toast never covers: it stands at the top while it would. */
export const TOAST_CLEAR = 'data-toast-clear';

const Box = styled.div<{ tone: 'success' | 'error' | 'warning' }>`
  position: fixed; right: ${EDGE}px; bottom: ${EDGE}px; z-index: 2000;
  max-width: min(440px, calc(100vw - ${2 * EDGE}px));
  display: flex; align-items: flex-start; gap: .75rem; padding: .9rem 1rem; border-radius: ${theme.radius};
  background: #fff; color: ${theme.color.text}; box-shadow: 0 8px 30px rgba(20,20,43,.18);
  border-left: 6px solid ${(p) => theme.color[p.tone]};
  svg { flex: none; color: ${(p) => theme.color[p.tone]}; }
  p { margin: 0; flex: 1; overflow-wrap: anywhere; }
  button { border: 0; background: transparent; cursor: pointer; font-size: 1.4rem; line-height: 1; min-width: 32px;
    min-height: 32px; color: ${theme.color.muted}; border-radius: 6px; }
  button:focus-visible { outline: 3px solid ${theme.color.primary}; }
  &[data-place='top'] { top: ${EDGE}px; bottom: auto; }
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
  const box = useRef<HTMLDivElement>(null);
  const [top, setTop] = useState(false);
  useLayoutEffect(() => {
    if (!showSnackbar) return;
    const place = () => {
      if (box.current) setTop(coversFocus(box.current));
    };
    place();
    // A bar to keep clear of may come after the toast (the cart's, once the cart has loaded).
    const arrivals = new MutationObserver(place);
    arrivals.observe(document.body, { childList: true, subtree: true });
    document.addEventListener('focusin', place);
    window.addEventListener('scroll', place, { capture: true, passive: true });
    window.addEventListener('resize', place);
    return () => {
      arrivals.disconnect();
      document.removeEventListener('focusin', place);
      window.removeEventListener('scroll', place, { capture: true });
      window.removeEventListener('resize', place);
    };
  }, [showSnackbar, label]);
  const tone = type === 'SUCCESS' ? 'success' : type === 'ERROR' ? 'error' : 'warning';
  // A live region of its own at the end of <body>: an open dialog leaves it reachable (see Dialog).
  return createPortal(
    <div aria-live={tone === 'error' ? 'assertive' : 'polite'} role={tone === 'error' ? 'alert' : 'status'} data-live-region="">
      {showSnackbar ? (
        <Box ref={box} tone={tone} data-type={type} data-place={top ? 'top' : 'bottom'}>
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
