// Toast state (spec section 3: type, label, showSnackbar), persisted under 'isEdit' (version 1) so a message shown
// just before a reload is still seen after it. The shell renders it; anyone may call `showToast`.
import { createStore, useStore } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { TOAST_KEY, TOAST_TIMEOUT_MS } from './schemas/constants';

export type ToastType = 'SUCCESS' | 'ERROR' | 'WARNING' | string;

export interface ToastState {
  type: ToastType;
  label: string;
  showSnackbar: boolean;
  timeout: number;
  /** Bumped on every show so the same message twice restarts the timer. */
  id: number;
}

export const toastStore = createStore<ToastState>()(
  persist<ToastState>(() => ({ type: 'SUCCESS', label: '', showSnackbar: false, timeout: TOAST_TIMEOUT_MS, id: 0 }), {
    name: TOAST_KEY,
    version: 1,
    storage: createJSONStorage(() => localStorage),
  }),
);

export function showToast(type: ToastType, label: string, timeout: number = TOAST_TIMEOUT_MS): void {
  toastStore.setState((s) => ({ type, label, showSnackbar: true, timeout, id: s.id + 1 }));
}

export function hideToast(): void {
  toastStore.setState({ showSnackbar: false });
}

export const useToast = (): ToastState => useStore(toastStore);
