import styled from '@emotion/styled';
import { Link } from 'react-router-dom';
import { api } from 'shared/api-client';
import { useLoad } from 'shared/load';
import { theme } from 'shared/ui';
import { MAIN_LINKS } from './header';
import { BRAND, Logo } from './logo';

const Foot = styled.footer`
  /* No margin above: pages end with their own padding, so no band of page colour shows between a page and this. */
  background: ${theme.color.dark}; color: #e4e4f0; border-top: 1px solid #33334d;
  .inner { width: min(1200px, 100%); margin: 0 auto; padding: 2.5rem 1rem 1.5rem; display: grid; gap: 2rem; grid-template-columns: 1fr; }
  ${theme.breakpoint.sm} { .inner { grid-template-columns: 1.4fr 1fr 1fr 1fr; } }
  h2 { font-size: 1rem; color: #fff; margin: 0 0 .75rem; }
  ul { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: .25rem; }
  a { color: #e4e4f0; text-decoration: none; display: inline-block; padding: .3rem 0; }
  a:hover { color: #fff; text-decoration: underline; }
  a:focus-visible { outline-color: #fff; }
  .legal { width: min(1200px, 100%); margin: 0 auto; padding: 1rem; border-top: 1px solid #33334d; display: flex;
    flex-wrap: wrap; justify-content: space-between; align-items: center; gap: .5rem 1.5rem; font-size: .9rem; color: #c8c8d8; }
  .legal p { margin: 0; }
  .legal ul { flex-direction: row; flex-wrap: wrap; gap: 0 1.25rem; }
  .legal a { display: inline-flex; align-items: center; min-height: 44px; text-decoration: underline; }
`;

interface HostingService {
  id: number;
  name: string;
  type: string;
}

/** Reachable from every page, in the bottom bar (the three columns stay as the spec has them). */
export const HELP_LINKS = [
  { to: '/about', label: 'About' },
  { to: '/contact-us', label: 'Contact' },
  { to: '/help', label: 'Help' },
];

const LEGAL = [
  { to: '/terms-of-service', label: 'Terms of Service' },
  { to: '/privacy-policy', label: 'Privacy Policy' },
  { to: '/return-policy', label: 'Return Policy' },
];

/** The hosting services the footer lists; while the API is down (or on a failure) the column simply lists nothing. */
const getFooterServices = (signal: AbortSignal) =>
  api
    .get('hosting/services/', { signal })
    .json<HostingService[]>()
    .then((list) => (Array.isArray(list) ? list.filter((s) => s.type === 'hosting') : []));

export function Footer() {
  // Through shared/load, so that a server-rendered page carries the list and the browser does not ask again.
  const load = useLoad(getFooterServices, { id: 'shell/footer-services' });
  const services = load.state === 'ready' ? load.data : [];
  return (
    <Foot>
      <div className="inner">
        <div>
          <Logo inverse />
          <p>Domains, hosting and support for businesses that mean to be found.</p>
        </div>
        <nav aria-label="Company links">
          <h2>Company</h2>
          <ul>
            {MAIN_LINKS.map((l) => (
              <li key={l.to}>
                <Link to={l.to}>{l.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Hosting Plans links">
          <h2>Hosting Plans</h2>
          <ul>
            {services.map((s) => (
              <li key={s.id}>
                <Link to={`/services-list/${s.id}`}>{s.name}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Legal links">
          <h2>Legal</h2>
          <ul>
            {LEGAL.map((l) => (
              <li key={l.to}>
                <Link to={l.to}>{l.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="legal">
        <p>All prices are listed without VAT.</p>
        <nav aria-label="Help links">
          <ul>
            {HELP_LINKS.map((l) => (
              <li key={l.to}>
                <Link to={l.to}>{l.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <p>© 2024 {BRAND}. All rights reserved.</p>
      </div>
    </Foot>
  );
}
