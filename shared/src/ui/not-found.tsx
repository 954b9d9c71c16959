import { ButtonLink } from './button';
import { Page } from './misc';
import { theme } from './theme';

/** The site's one 404 page (spec section 2): 'Page Not Found' with a 'Go Home' link to /. */
export function NotFound() {
  return (
    <Page style={{ textAlign: 'center', paddingTop: '5rem', paddingBottom: '5rem' }}>
      <p aria-hidden="true" style={{ fontSize: '4rem', fontWeight: 800, margin: 0, color: theme.color.primary }}>
        404
      </p>
      <h1>Page Not Found</h1>
      <p>The page you are looking for does not exist or has moved.</p>
      <ButtonLink to="/">Go Home</ButtonLink>
    </Page>
  );
}
