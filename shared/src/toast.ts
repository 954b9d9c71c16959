// Toast state (spec section 3: type, label, showSnackbar), persisted under 'isEdit' (version 1) so a message shown
// just before a reload is still seen after it, for what is left of its time (not again after a trip to a payment
// page). The shell renders it; anyone may call `showToast`.
import { createStore, useStore } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { TOAST_KEY, TOAST_TIMEOUT_MS } from './schemas/constants';

export type ToastType = 'SUCCESS' | 'ERROR' | 'WARNING' | string;

export interface ToastState {
  type: ToastType;
  label: string;
  showSnackbar: boolean;
  timeout: number;
  /** When it was shown (ms since the epoch): it closes `timeout` ms later, across reloads too. */
  shownAt: number;
  /** Bumped on every show so the same message twice restarts the timer. */
  id: number;
}

export const toastStore = createStore<ToastState>()(
  persist<ToastState>(() => ({ type: 'SUCCESS', label: '', showSnackbar: false, timeout: TOAST_TIMEOUT_MS, shownAt: 0, id: 0 }), {
    name: TOAST_KEY,
    version: 1,
    storage: createJSONStorage(() => localStorage),
    // A message read back after a reload is shown only if its time has not run out.
    merge: (persisted, current) => {
      const saved = { ...current, ...(persisted as Partial<ToastState>) };
      return { ...saved, showSnackbar: saved.showSnackbar && Date.now() - saved.shownAt < saved.timeout };
    },
  }),
);

export function showToast(type: ToastType, label: string, timeout: number = TOAST_TIMEOUT_MS): void {
  toastStore.setState((s) => ({ type, label, showSnackbar: true, timeout, shownAt: Date.now(), id: s.id + 1 }));
}

export function hideToast(): void {
  toastStore.setState({ showSnackbar: false });
}

export const useToast = (): ToastState => useStore(toastStore);
