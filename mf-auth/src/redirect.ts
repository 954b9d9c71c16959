// Where to go after the login code is accepted (spec section 2, 'Submit login code').
export const DEFAULT_TARGET = '/dashboard';

/**
 * The `redirect` query value when it is a path (or full address) on this site; otherwise /dashboard. Missing,
 * 'null', 'undefined' and '/login' also go to /dashboard. Anything that would leave the site ('//evil.example', 'https://…',
 * '/\\evil.example', 'javascript:…') is refused: an open redirect would let a crafted login link send a freshly
 * logged-in customer to a look-alike site.
 */
export function redirectTarget(raw: string | null | undefined, origin: string = window.location.origin): string {
  if (raw == null) return DEFAULT_TARGET;
  const value = raw.trim();
  if (value === '' || value === 'null' || value === 'undefined') return DEFAULT_TARGET;
  // A full address is accepted only when it is this site's own ('http://localhost:3000/cart'); a path must be a
  // plain absolute path.
  const absolute = /^[a-z][a-z\d+.-]*:/i.test(value);
  if (!absolute && (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\'))) return DEFAULT_TARGET;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return DEFAULT_TARGET;
  }
  if (url.origin !== new URL(origin).origin) return DEFAULT_TARGET;
  if (url.pathname.replace(/\/+$/, '') === '/login') return DEFAULT_TARGET;
  return `${url.pathname}${url.search}${url.hash}`;
}
