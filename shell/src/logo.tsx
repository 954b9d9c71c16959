import { Link } from 'react-router-dom';

export const BRAND = 'HostHub';

export function Logo({ inverse = false }: { inverse?: boolean }) {
  return (
    <Link
      to="/"
      aria-label={`${BRAND} home`}
      style={{ display: 'inline-flex', alignItems: 'center', gap: '.5rem', textDecoration: 'none', fontWeight: 800,
        fontSize: '1.25rem', color: inverse ? '#fff' : '#14142b', minHeight: 44 }}
    >
      <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="#3b2fc9" />
        <path d="M9 20c3 3 11 3 14-2M10 11h0M22 11h0" stroke="#fff" strokeWidth="3" fill="none" strokeLinecap="round" />
      </svg>
      {BRAND}
    </Link>
  );
}
