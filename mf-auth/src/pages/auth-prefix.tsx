import { useLocation } from 'react-router-dom';
import { NotFound } from 'shared/ui';
import { AuthLoginPage } from './auth-login';

/**
 * The spec's route table gives the login page to '/auth' and anything starting with '/auth', so '/authorize' is
 * login too. The other paths the shell sends here without a page of their own ('/emailverified/x',
 * '/resend-code/x') get the same 404 as the rest of the site.
 */
export function AuthPrefixOrNotFound() {
  const { pathname } = useLocation();
  if (pathname.startsWith('/auth')) return <AuthLoginPage />;
  return <NotFound />;
}
