import { useLocation } from 'react-router-dom';
import { ButtonLink } from './button';
import { Page } from './misc';
import { PageMeta } from './page-meta';
import { theme } from './theme';

const GONE = 'The page you are looking for does not exist or has moved.';

/** The site's one 404 page (spec section 2): 'Page Not Found' with a 'Go Home' link to /. Not to be indexed. */
export function NotFound() {
  const { pathname } = useLocation();
  return (
    <Page style={{ textAlign: 'center', paddingTop: '5rem', paddingBottom: '5rem' }}>
      <PageMeta title="Page Not Found" description={GONE} path={pathname} noindex />
      <p aria-hidden="true" style={{ fontSize: '4rem', fontWeight: 800, margin: 0, color: theme.color.primary }}>
        404
      </p>
      <h1>Page Not Found</h1>
      <p>{GONE}</p>
      <ButtonLink to="/">Go Home</ButtonLink>
    </Page>
  );
}
