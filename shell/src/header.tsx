import styled from '@emotion/styled';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { api } from 'shared/api-client';
import { loadCartCount, useCartCount } from 'shared/cart-count';
import { getCurrency } from 'shared/currency';
import { getAccess, signOut, useLoggedIn } from 'shared/session';
import { ButtonLink, Dialog, theme } from 'shared/ui';
import { useHydrated } from './hydrated';
import { Logo } from './logo';
import { useIsStaff } from './staff-role';

export const MAIN_LINKS = [
  { to: '/#domain', label: 'Domain' },
  { to: '/#services', label: 'Services' },
  { to: '/blog', label: 'Blog' },
  { to: '/cart', label: 'Cart' },
];

/** The header's height at the least (px): the content below it fills the rest of the first screen (routes.tsx). */
export const HEADER_MIN_HEIGHT = 68;

const Bar = styled.header`
  background: #fff; border-bottom: 1px solid ${theme.color.border}; position: sticky; top: 0; z-index: 100;
  .inner { width: min(1200px, 100%); margin: 0 auto; padding: .5rem 1rem; display: flex; align-items: center; gap: 1rem; min-height: ${HEADER_MIN_HEIGHT}px; }
  nav.main { display: none; }
  nav.main ul { display: flex; gap: .25rem; list-style: none; margin: 0; padding: 0; }
  nav.main a { color: ${theme.color.text}; text-decoration: none; font-weight: 600; padding: .6rem .8rem; border-radius: 8px;
    display: inline-flex; align-items: center; gap: .35rem; min-height: 44px; position: relative; }
  nav.main a:hover { background: ${theme.color.primarySoft}; }
  /* The cart count sits on the link's corner: it comes after hydration, and the links do not move when it does. */
  nav.main a .count { position: absolute; top: -.1rem; right: -.45rem; font-size: .7rem; min-width: 1.2rem;
    line-height: 1.2rem; padding: 0 .3rem; }
  .actions { display: none; align-items: center; justify-content: flex-end; gap: .5rem; }
  .menu-button { margin-left: auto; }
  /* Logo, links and account in three columns, the links centred: the account part changes after hydration (Login and
     Get Started, or the Account menu) and the links stay where they are, as they do when the cart count comes. */
  ${theme.breakpoint.md} {
    .inner { display: grid; grid-template-columns: 1fr auto 1fr; }
    .inner > a:first-of-type { justify-self: start; }
    nav.main, .actions { display: flex; }
    .menu-button { display: none; }
  }
`;
const Badge = styled.span`
  background: ${theme.color.primary}; color: #fff; border-radius: 999px; font-size: .75rem; min-width: 1.4rem;
  padding: 0 .4rem; text-align: center; line-height: 1.4rem;
`;
const IconButton = styled.button`
  border: 1px solid ${theme.color.border}; background: #fff; border-radius: 8px; min-width: 44px; min-height: 44px;
  font: inherit; font-weight: 600; cursor: pointer; display: inline-flex; align-items: center; gap: .4rem; padding: 0 .8rem;
  color: ${theme.color.text};
`;
const Menu = styled.ul`
  position: absolute; right: 0; top: calc(100% + .4rem); background: #fff; border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius}; box-shadow: ${theme.shadow}; list-style: none; margin: 0; padding: .4rem; min-width: 200px;
  a, button { display: flex; width: 100%; padding: .6rem .8rem; border-radius: 6px; text-decoration: none; color: ${theme.color.text};
    font: inherit; background: none; border: 0; cursor: pointer; text-align: left; min-height: 44px; align-items: center; }
  a:hover, button:hover, a:focus-visible, button:focus-visible { background: ${theme.color.primarySoft}; }
`;
const SideList = styled.ul`
  list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: .25rem;
  a, button { display: flex; align-items: center; gap: .5rem; padding: .8rem; border-radius: 8px; text-decoration: none;
    color: ${theme.color.text}; font: inherit; font-weight: 600; background: none; border: 0; width: 100%; cursor: pointer;
    text-align: left; min-height: 44px; }
  a:hover, button:hover { background: ${theme.color.primarySoft}; }
`;

const ACCOUNT_LINKS = [
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/cart', label: 'My Cart' },
  { to: '/account-settings', label: 'Account Settings' },
];

function useLogout() {
  const navigate = useNavigate();
  return () => {
    // Revoke the token on the server; the local sign-out does not wait for it. The token is read now and sent with the
    // call: the client adds it in a hook that runs after signOut() below, when there is no session left (the call went
    // without it, was refused, and the token stayed valid).
    const access = getAccess();
    if (access) api.post('core/logout/', { headers: { Authorization: `Token ${access}` } }).catch(() => {});
    // The navigation and the sign-out render together (one click's updates): a protected page's guard never sees the
    // sign-out alone, which would send to /auth?redirect=… (spec section 2: Logout goes to /auth).
    navigate('/auth');
    signOut();
  };
}

function AccountMenu() {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const wrap = useRef<HTMLDivElement>(null);
  const logout = useLogout();
  const staff = useIsStaff();
  const toggle = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (event: Event) => {
      if (event instanceof KeyboardEvent) {
        if (event.key !== 'Escape') return;
        // From inside the menu, focus goes back to its button (the focused item is about to go with the menu).
        if (wrap.current?.contains(document.activeElement)) toggle.current?.focus();
        setOpen(false);
      } else if (!wrap.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);
  return (
    <div
      ref={wrap}
      style={{ position: 'relative' }}
      // Tabbing out of the menu closes it, as a click outside does (it would cover the page under it).
      onBlur={(e) => e.relatedTarget instanceof Node && !e.currentTarget.contains(e.relatedTarget) && setOpen(false)}
    >
      <IconButton ref={toggle} type="button" aria-expanded={open} aria-controls={menuId} onClick={() => setOpen((o) => !o)}>
        Account <span aria-hidden="true">▾</span>
      </IconButton>
      {open ? (
        <Menu id={menuId} onClick={(e) => (e.target as HTMLElement).closest('a') && setOpen(false)}>
          {ACCOUNT_LINKS.map((l) => (
            <li key={l.to}>
              <Link to={l.to}>{l.label}</Link>
            </li>
          ))}
          {staff ? (
            <li>
              <Link to="/staff">Staff</Link>
            </li>
          ) : null}
          <li>
            <button type="button" onClick={logout}>
              Logout
            </button>
          </li>
        </Menu>
      ) : null}
    </div>
  );
}

function CartLabel({ label }: { label: string }) {
  // Personal: shown once the page is the visitor's own (after hydration), never in a server-rendered page.
  const hydrated = useHydrated();
  const stored = useCartCount();
  const count = hydrated ? stored : null;
  return (
    <>
      {label}
      {label === 'Cart' && count ? <Badge className="count" aria-label={`${count} item${count === 1 ? '' : 's'} in cart`}>{count}</Badge> : null}
    </>
  );
}

export function Header() {
  // The account menu is personal: a server-rendered page (the same for everyone) and its hydration show the
  // visitor's links; the visitor's own menu follows at once.
  const hydrated = useHydrated();
  const session = useLoggedIn();
  const loggedIn = session && hydrated;
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname, hash } = useLocation();
  const logout = useLogout();
  const staff = useIsStaff();
  useEffect(() => setMenuOpen(false), [pathname, hash]);
  // Once on arrival, and again when the session starts or ends (its cart is another): not when a server-rendered
  // page's hydration ends, which changes `loggedIn` but not the cart (the count was asked for twice on every page).
  useEffect(() => {
    loadCartCount(getCurrency()).catch(() => {});
  }, [session]);

  return (
    <Bar>
      <div className="inner">
        <Logo />
        <nav className="main" aria-label="Main">
          <ul>
            {MAIN_LINKS.map((l) => (
              <li key={l.to}>
                <NavLink to={l.to}>
                  <CartLabel label={l.label} />
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="actions">
          {loggedIn ? (
            <AccountMenu />
          ) : (
            <>
              <ButtonLink to="/auth" variant="ghost">
                Login
              </ButtonLink>
              <ButtonLink to="/dashboard/">Get Started</ButtonLink>
            </>
          )}
        </div>
        <IconButton type="button" className="menu-button" aria-label="Open menu" aria-expanded={menuOpen} onClick={() => setMenuOpen(true)}>
          <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
            <path d="M2 5h16M2 10h16M2 15h16" stroke="currentColor" strokeWidth="2" />
          </svg>
        </IconButton>
      </div>
      <Dialog open={menuOpen} title="Menu" onClose={() => setMenuOpen(false)} variant="side">
        <nav aria-label="Mobile">
          <SideList>
            {MAIN_LINKS.map((l) => (
              <li key={l.to}>
                <Link to={l.to}>
                  <CartLabel label={l.label} />
                </Link>
              </li>
            ))}
            {loggedIn ? (
              <>
                {ACCOUNT_LINKS.map((l) => (
                  <li key={l.to}>
                    <Link to={l.to}>{l.label}</Link>
                  </li>
                ))}
                {staff ? (
                  <li>
                    <Link to="/staff">Staff</Link>
                  </li>
                ) : null}
                <li>
                  <button type="button" onClick={logout}>
                    Logout
                  </button>
                </li>
              </>
            ) : (
              <>
                <li>
                  <Link to="/auth">Login</Link>
                </li>
                <li>
                  <Link to="/dashboard/">Get Started</Link>
                </li>
              </>
            )}
          </SideList>
        </nav>
      </Dialog>
    </Bar>
  );
}
