// Which remote owns which paths (CONTRACT.md 'Route ownership'), and which paths need a session (spec section 2).
import type { RemoteName } from 'shared/runtime-config';

const OWNERS: [prefix: string, remote: RemoteName][] = [
  ['/auth', 'mf_auth'],
  ['/emailverified', 'mf_auth'],
  ['/resend-code', 'mf_auth'],
  ['/search', 'mf_domains'],
  ['/transfer-domain', 'mf_domains'],
  ['/buy-domain', 'mf_domains'],
  ['/cart', 'mf_cart'],
  ['/services-list', 'mf_cart'],
  ['/pricing', 'mf_cart'],
  ['/dashboard', 'mf_dashboard'],
  ['/account-settings', 'mf_dashboard'],
  ['/blog', 'mf_content'],
  ['/blogpost', 'mf_content'],
  ['/privacy-policy', 'mf_content'],
  ['/terms-of-service', 'mf_content'],
  ['/return-policy', 'mf_content'],
  ['/about', 'mf_content'],
  ['/contact-us', 'mf_content'],
  ['/help', 'mf_content'],
];

const PROTECTED = ['/dashboard', '/account-settings'];

const under = (pathname: string, prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);

/** The remote that renders `pathname`, or null for a path nobody owns (the 404 page). */
export function ownerOf(pathname: string): RemoteName | null {
  if (pathname === '/' || pathname === '') return 'mf_content';
  // Spec: '/auth' and anything starting with '/auth' is the login area.
  if (pathname.startsWith('/auth')) return 'mf_auth';
  for (const [prefix, remote] of OWNERS) if (under(pathname, prefix)) return remote;
  return null;
}

export const isProtected = (pathname: string): boolean => PROTECTED.some((p) => under(pathname, p));
