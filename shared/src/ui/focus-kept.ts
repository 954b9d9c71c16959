import { useEffect, useRef, type FocusEvent, type FocusEventHandler } from 'react';

type Control = HTMLButtonElement | HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/**
 * A control disabled while it has focus (a form's fields and its button during the call: spec section 5 disables them)
 * loses focus to the page's body (the browser's focus fixup), and a keyboard or screen-reader user starts again from
 * the top of the page. This gives focus back to it when it is enabled again, unless focus went elsewhere meanwhile.
 */
export function useFocusKept<T extends Control>(disabled: boolean | undefined, onBlur?: FocusEventHandler<T>) {
  const ref = useRef<T | null>(null);
  const lostToDisable = useRef(false);
  useEffect(() => {
    if (disabled || !lostToDisable.current) return;
    lostToDisable.current = false;
    const node = ref.current;
    const active = document.activeElement;
    if (node?.isConnected && (active === null || active === document.body)) node.focus();
  }, [disabled]);
  return {
    ref,
    onBlur(event: FocusEvent<T>) {
      // A blur with the control disabled is the browser's doing (disabling it), not the user's.
      lostToDisable.current = event.currentTarget.disabled;
      onBlur?.(event);
    },
  };
}
