// The one session store (spec sections 3 and 4). Stored raw under localStorage 'session' as {access, refresh},
// so the value survives reloads and other tabs see it. Usable outside React through `sessionStore`.
import { createStore, useStore } from 'zustand';
import { CREATED_USER_KEY, SESSION_KEY } from './schemas/constants';

export interface Session {
  access: string;
  refresh?: string;
}

interface SessionState {
  session: Session | null;
  setSession(session: Session): void;
  signOut(): void;
}

/** The session as stored now (another tab may have changed it since this page read it). */
export function readSession(): Session | null {
  try {
    const raw = globalThis.localStorage?.getItem(SESSION_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<Session> | null;
    return parsed && typeof parsed.access === 'string' && parsed.access !== ''
      ? { access: parsed.access, ...(typeof parsed.refresh === 'string' ? { refresh: parsed.refresh } : {}) }
      : null;
  } catch {
    return null;
  }
}

export const sessionStore = createStore<SessionState>()((set) => ({
  session: readSession(),
  setSession(session) {
    localStorage.setItem(SESSION_KEY, JSON.stringify(session));
    set({ session });
  },
  signOut() {
    localStorage.removeItem(SESSION_KEY);
    localStorage.removeItem(CREATED_USER_KEY);
    set({ session: null });
  },
}));

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === SESSION_KEY || event.key === null) sessionStore.setState({ session: readSession() });
  });
}

export const getAccess = (): string | null => sessionStore.getState().session?.access ?? null;
export const isLoggedIn = (): boolean => getAccess() !== null;
export const setSession = (session: Session): void => sessionStore.getState().setSession(session);
export const signOut = (): void => sessionStore.getState().signOut();

/** React hook: true when a session with an access value is stored. */
export function useLoggedIn(): boolean {
  return useStore(sessionStore, (s) => s.session !== null);
}

export function useSession(): Session | null {
  return useStore(sessionStore, (s) => s.session);
}

/** The user created by signup, kept until activation (spec section 3). */
export function getCreatedUser(): { username: string } | null {
  try {
    const raw = localStorage.getItem(CREATED_USER_KEY);
    const parsed = raw ? (JSON.parse(raw) as { username?: unknown }) : null;
    return parsed && typeof parsed.username === 'string' ? { username: parsed.username } : null;
  } catch {
    return null;
  }
}
export const setCreatedUser = (username: string): void =>
  localStorage.setItem(CREATED_USER_KEY, JSON.stringify({ username }));
export const clearCreatedUser = (): void => localStorage.removeItem(CREATED_USER_KEY);
