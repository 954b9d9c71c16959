import styled from '@emotion/styled';
import { Card, EmptyState, Lines, Notice, Page, PageMeta, Skeleton, theme } from 'shared/ui';
import { getCompanyDetails } from '../api/get-company-details';
import { useLoad } from 'shared/load';
import { CompanyContact } from '../components/company-contact';

export const ABOUT_FAILED = 'Something went wrong while fetching the Company Information.';

const Layout = styled.div`
  display: grid; gap: 2rem; align-items: start;
  ${theme.breakpoint.md} { grid-template-columns: 2fr 1fr; }
  .about { font-size: 1.05rem; line-height: 1.7; margin: 0; }
  dl { margin: 0; display: grid; gap: 1rem; }
  dt { font-weight: 700; }
  dd { margin: .15rem 0 0; overflow-wrap: anywhere; }
  a { display: inline-flex; min-height: 44px; align-items: center; }
`;

export function AboutPage() {
  const company = useLoad(getCompanyDetails, { id: 'content/company' });
  return (
    <Page>
      <PageMeta
        title="About us"
        description="Who we are: HostHub registers and transfers domain names and hosts websites. Our address, phone number and e-mail."
        path="/about"
      />
      <h1>About us</h1>
      <div style={{ position: 'relative', minHeight: company.state === 'loading' ? '100vh' : undefined }}>
        {company.state === 'loading' ? <Skeleton label="Loading the company information…" shape="text" rows={3} /> : null}
        {company.state === 'failed' ? (
          <Notice tone="error" role="alert">
            {ABOUT_FAILED}
          </Notice>
        ) : null}
        {company.state === 'ready' && !company.data ? <EmptyState>No Company Information available now.</EmptyState> : null}
        {company.state === 'ready' && company.data ? (
          <Layout>
            <p className="about">
              <Lines text={company.data.about_us ?? ''} />
            </p>
            <Card as="section" aria-labelledby="reach-us">
              <h2 id="reach-us" style={{ marginTop: 0, fontSize: '1.25rem' }}>
                Reach us
              </h2>
              <CompanyContact company={company.data} />
            </Card>
          </Layout>
        ) : null}
      </div>
    </Page>
  );
}
