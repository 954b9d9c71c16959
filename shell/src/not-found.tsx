import { ButtonLink, Page } from 'shared/ui';

export function NotFound() {
  return (
    <Page style={{ textAlign: 'center', paddingTop: '5rem', paddingBottom: '5rem' }}>
      <p aria-hidden="true" style={{ fontSize: '4rem', fontWeight: 800, margin: 0, color: '#3b2fc9' }}>
        404
      </p>
      <h1>Page Not Found</h1>
      <p>The page you are looking for does not exist or has moved.</p>
      <ButtonLink to="/">Go Home</ButtonLink>
    </Page>
  );
}
