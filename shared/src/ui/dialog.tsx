import styled from '@emotion/styled';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { theme } from './theme';

const Backdrop = styled.div`
  position: fixed; inset: 0; background: rgba(20, 20, 43, 0.55); z-index: 1000;
  display: flex; align-items: center; justify-content: center; padding: 1rem;
  &[data-variant='side'] { justify-content: flex-end; padding: 0; align-items: stretch; }
`;
const Panel = styled.div`
  background: #fff; color: ${theme.color.text}; border-radius: ${theme.radius}; box-shadow: ${theme.shadow};
  width: min(520px, 100%); max-height: calc(100vh - 2rem); overflow: auto; padding: 1.5rem;
  &[data-variant='side'] { border-radius: 0; width: min(560px, 100%); max-height: none; height: 100%; }
  header { display: flex; align-items: flex-start; justify-content: space-between; gap: 1rem; margin-bottom: 1rem; }
  h2 { margin: 0; font-size: 1.3rem; }
`;
const Close = styled.button`
  border: 0; background: transparent; font-size: 1.6rem; line-height: 1; cursor: pointer; color: ${theme.color.muted};
  min-width: 44px; min-height: 44px; border-radius: 8px;
  &:focus-visible { outline: 3px solid ${theme.color.primary}; }
`;

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface DialogProps {
  open: boolean;
  title: ReactNode;
  onClose(): void;
  children: ReactNode;
  variant?: 'center' | 'side';
}

/**
 * Everything on the page but the dialog (and live regions such as the toast) becomes inert and hidden from assistive
 * technology while it is open; returns the undo.
 */
function isolate(dialogRoot: Element | null): () => void {
  const hidden = Array.from(document.body.children).filter(
    (el) => el !== dialogRoot && !el.hasAttribute('inert') && !el.matches('[data-live-region], script, style, link'),
  );
  for (const el of hidden) {
    el.setAttribute('inert', '');
    el.setAttribute('aria-hidden', 'true');
  }
  return () => {
    for (const el of hidden) {
      el.removeAttribute('inert');
      el.removeAttribute('aria-hidden');
    }
  };
}

/**
 * Modal dialog: the rest of the page is inert while it is open, focus moves in and is trapped, Escape and the close
 * button close it, focus returns on close.
 */
export function Dialog({ open, title, onClose, children, variant = 'center' }: DialogProps) {
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    const node = panel.current;
    const release = isolate(node?.parentElement ?? null);
    // Focus the first control of the content (a dialog's field, not its close button), else the dialog itself.
    const first = node?.querySelector<HTMLElement>(`[data-dialog-body] :is(${FOCUSABLE})`);
    (first ?? node)?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        closeRef.current();
      } else if (event.key === 'Tab' && node) {
        const items = Array.from(node.querySelectorAll<HTMLElement>(FOCUSABLE));
        if (items.length === 0) return;
        const head = items[0]!;
        const tail = items[items.length - 1]!;
        if (event.shiftKey && document.activeElement === head) {
          event.preventDefault();
          tail.focus();
        } else if (!event.shiftKey && document.activeElement === tail) {
          event.preventDefault();
          head.focus();
        }
      }
    };
    document.addEventListener('keydown', onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      release(); // before focus goes back: an inert element cannot take it
      previous?.focus?.();
    };
  }, [open]);

  if (!open) return null;
  return createPortal(
    <Backdrop data-variant={variant} onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <Panel ref={panel} role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1} data-variant={variant}>
        <header>
          <h2 id={titleId}>{title}</h2>
          <Close type="button" aria-label="Close" onClick={onClose}>
            ×
          </Close>
        </header>
        <div data-dialog-body>{children}</div>
      </Panel>
    </Backdrop>,
    document.body,
  );
}
