import styled from '@emotion/styled';
import { useState, type FormEvent } from 'react';
import { Button, ButtonLink, Card, DomainText, Page, PageMeta, TextField, theme } from 'shared/ui';

// Placeholders of spec section 2 '/buy-domain': fixed names at the fixed price of section 9, in naira ('#').
const PLACEHOLDER_DOMAINS = ['mybusiness.com', 'mybusiness.ng', 'mybusiness.net', 'mystore.co', 'mystore.org', 'mybrand.uk'];
export const PLACEHOLDER_PRICE = '#15,000';

const Form = styled.form`
  display: flex; flex-wrap: wrap; align-items: flex-end; gap: 0 .75rem; max-width: 640px; margin-bottom: 2rem;
  > div { flex: 1 1 260px; }
  > button { margin-bottom: 1rem; }
`;
const Grid = styled.ul`
  /* minmax(0, …): a long name (DomainText breaks it at its dots, not inside a word) never widens its column. */
  list-style: none; margin: 0; padding: 0; display: grid; gap: 1rem; grid-template-columns: minmax(0, 1fr);
  ${theme.breakpoint.sm} { grid-template-columns: repeat(2, minmax(0, 1fr)); }
  ${theme.breakpoint.md} { grid-template-columns: repeat(3, minmax(0, 1fr)); }
  h2 { margin: 0 0 .5rem; font-size: 1.2rem; }
  p { margin: 0 0 1rem; font-size: 1.3rem; font-weight: 700; }
`;

/** /buy-domain: a placeholder page; 'Check Availability' only logs (spec section 2). */
export function BuyDomainPage() {
  const [domain, setDomain] = useState('');
  const onCheck = (event: FormEvent) => {
    event.preventDefault();
    console.log('Check Availability', { domain });
  };
  return (
    <Page>
      <PageMeta
        title="Buy a Domain"
        description="Buy a domain name from HostHub: pick an extension, from .com and .ng to .net, .co and .uk."
        path="/buy-domain"
      />
      <h1>Buy a domain</h1>
      <Form onSubmit={onCheck}>
        <TextField label="Domain name" name="domain" autoComplete="off" value={domain} onChange={(e) => setDomain(e.target.value)} />
        <Button type="submit">Check Availability</Button>
      </Form>
      <Grid aria-label="Domains for sale">
        {PLACEHOLDER_DOMAINS.map((name) => (
          <li key={name}>
            <Card>
              <h2>
                <DomainText text={name} />
              </h2>
              <p>{PLACEHOLDER_PRICE}</p>
              <ButtonLink to="/buy-domain/checkout" aria-label={`Buy ${name}`}>
                Buy
              </ButtonLink>
            </Card>
          </li>
        ))}
      </Grid>
    </Page>
  );
}
