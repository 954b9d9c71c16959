import styled from '@emotion/styled';
import { useState } from 'react';
import { Button, Card, Page, PageMeta, TextField, theme } from 'shared/ui';

const Grid = styled.div`
  display: grid; gap: 0 1rem; grid-template-columns: 1fr;
  ${theme.breakpoint.sm} { grid-template-columns: repeat(2, 1fr); }
`;
const Fieldset = styled.fieldset`
  border: 1px solid ${theme.color.border}; border-radius: ${theme.radius}; padding: .75rem 1rem 1rem; margin: 0 0 1rem;
  legend { font-weight: 600; padding: 0 .35rem; }
  label { display: inline-flex; align-items: center; gap: .5rem; min-height: 44px; margin-right: 1.5rem; cursor: pointer; }
  input { width: 1.15rem; height: 1.15rem; accent-color: ${theme.color.primary}; }
`;
const Actions = styled.div`
  display: flex; flex-wrap: wrap; gap: .75rem;
`;
const Form = styled.form`
  max-width: 760px;
  h2 { font-size: 1.2rem; margin: 0 0 1rem; }
`;

/** /buy-domain/checkout: the static form of spec section 2; nothing here calls the server. */
export function BuyDomainCheckoutPage() {
  const [payment, setPayment] = useState<'card' | 'wallet'>('card');
  return (
    <Page>
      <PageMeta title="Domain Checkout" description="Check out the domain names you chose on HostHub." path="/buy-domain/checkout" />
      <h1>Checkout</h1>
      <Card>
        <Form onSubmit={(e) => e.preventDefault()} noValidate>
          <h2>Billing details</h2>
          <Grid>
            <TextField label="First name" name="first_name" autoComplete="given-name" />
            <TextField label="Last name" name="last_name" autoComplete="family-name" />
            <TextField label="Email" name="email" type="email" autoComplete="email" />
            <TextField label="Phone" name="phone" type="tel" autoComplete="tel" />
            <TextField label="Street" name="street" autoComplete="street-address" />
            <TextField label="City" name="city" autoComplete="address-level2" />
            <TextField label="State" name="state" autoComplete="address-level1" />
            <TextField label="Zip" name="zip" autoComplete="postal-code" />
          </Grid>
          <h2>Payment</h2>
          <Fieldset>
            <legend>Payment method</legend>
            <label>
              <input type="radio" name="payment" value="card" checked={payment === 'card'} onChange={() => setPayment('card')} />
              Card
            </label>
            <label>
              <input type="radio" name="payment" value="wallet" checked={payment === 'wallet'} onChange={() => setPayment('wallet')} />
              Wallet
            </label>
          </Fieldset>
          <Grid>
            <TextField label="Card number" name="card_number" inputMode="numeric" autoComplete="cc-number" />
            <TextField label="Expiry" name="expiry" placeholder="MM/YY" autoComplete="cc-exp" />
            <TextField label="CVV" name="cvv" inputMode="numeric" autoComplete="cc-csc" />
          </Grid>
          <Actions>
            <Button type="button" variant="secondary">
              Pay later
            </Button>
            <Button type="button">Pay now</Button>
          </Actions>
        </Form>
      </Card>
    </Page>
  );
}
