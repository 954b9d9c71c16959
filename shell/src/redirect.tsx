// Shell routes that only lead to another address (/login, /reset-password/*). In the browser they navigate; rendered
// on the storefront's server (a path nobody owns is rendered there, issue 21) they are an HTTP redirect, so a visitor
// or a crawler without scripts is sent on too, instead of getting an empty 404 page.
import { createContext, useContext } from 'react';
import { Navigate } from 'react-router-dom';

/** Set by a server render (shell/src/server-render.tsx): where the page sends the visitor, if it does. */
export const ServerRedirect = createContext<{ to: string | null } | null>(null);

export function Redirect({ to }: { to: string }) {
  const server = useContext(ServerRedirect);
  if (server) {
    server.to ??= to;
    return null;
  }
  return <Navigate to={to} replace />;
}
