import styled from '@emotion/styled';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useCurrency } from 'shared/currency';
import { formatMoney } from 'shared/format';
import { Button, Card, DomainText, EmptyState, LoadingOverlay, Notice, Page, PageMeta, TextField, theme } from 'shared/ui';
import { checkTransferEligibility } from '../api/check-transfer-eligibility';
import { getCartDomains } from '../api/get-cart-domains';
import type { TransferCheck } from '../api/schemas';
import { serverErrorText } from '../api/server-error';
import { useAddToCart } from '../components/use-add-to-cart';
import { EMPTY_SEARCH_TEXT } from './search';

export const EPP_REQUIRED_TEXT = 'EPP code is required to transfer domain';
export const notEligibleText = (domain: string) => `${domain} is not eligible for transfer.`;

const SearchForm = styled.form`
  display: flex; flex-wrap: wrap; align-items: flex-end; gap: 0 .75rem; max-width: 640px; margin-bottom: 1.5rem;
  > div { flex: 1 1 260px; }
  > button { margin-bottom: 1rem; }
`;
const Result = styled(Card)`
  /* minmax(0, 1fr): the name (DomainText: it breaks at its dots, not inside a word) never widens the card. */
  display: grid; grid-template-columns: minmax(0, 1fr); gap: .5rem; min-height: 120px;
  h2 { margin: 0; font-size: clamp(1.3rem, 4vw, 1.8rem); }
  p { margin: 0; }
  form { margin-top: .75rem; max-width: 420px; }
  .in-cart { font-weight: 600; color: ${theme.color.success}; }
  .in-cart a { margin-left: .25rem; }
`;
const Badge = styled.p<{ ok: boolean }>`
  justify-self: start; padding: .25rem .75rem; border-radius: 999px; font-weight: 700; font-size: .9rem;
  background: ${(p) => (p.ok ? theme.color.successBg : theme.color.errorBg)};
  color: ${(p) => (p.ok ? theme.color.success : theme.color.error)};
`;
const Price = styled.p`
  font-size: 1.25rem; font-weight: 700;
`;

type State =
  | { status: 'loading' }
  | { status: 'done'; check: TransferCheck }
  | { status: 'failed'; error: string };

/** /transfer-domain?query= (spec section 2 'Transfer page'). No retry: the visitor changes the name instead. */
export function TransferDomainPage() {
  const [params, setParams] = useSearchParams();
  const query = (params.get('query') ?? '').trim();
  const currency = useCurrency();

  const [text, setText] = useState(query);
  // The box follows the query when it changes (the back button, the header), not when the page mounts: text typed
  // before the page hydrated is handed over by then (shell/src/before-hydration.ts), and setting the box to the query
  // again wiped it.
  const [shownQuery, setShownQuery] = useState(query);
  if (query !== shownQuery) {
    setShownQuery(query);
    setText(query);
  }
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    const next = text.trim();
    setParams(next ? { query: next } : {});
  };

  const [state, setState] = useState<State>({ status: 'loading' });
  const latest = useRef(0);
  useEffect(() => {
    const id = ++latest.current;
    if (!query) return;
    const controller = new AbortController();
    setState({ status: 'loading' });
    checkTransferEligibility(query, currency, controller.signal).then(
      (check) => id === latest.current && setState({ status: 'done', check }),
      (error: unknown) => id === latest.current && setState({ status: 'failed', error: serverErrorText(error, '') }),
    );
    return () => controller.abort();
  }, [query, currency]);

  const [epp, setEpp] = useState('');
  const [eppError, setEppError] = useState<string | undefined>(undefined);
  useEffect(() => {
    setEpp('');
    setEppError(undefined);
  }, [query]);
  // Whether the name is in the cart already (checked with the name, and set once added): said, with a link to the
  // cart, under the form, which stays (the spec's page; adding again is refused by the server, saying why).
  const [inCart, setInCart] = useState<string | null>(null);
  const checked = state.status === 'done' ? state.check.domain.toLowerCase() : null;
  useEffect(() => {
    if (!checked) return;
    let live = true;
    getCartDomains().then(
      (names) => live && setInCart(names.has(checked) ? checked : null),
      () => {}, // without the cart the page simply offers 'Add to cart'
    );
    return () => {
      live = false;
    };
  }, [checked]);
  const { add, adding } = useAddToCart();
  const onAdd = async (event: FormEvent) => {
    event.preventDefault();
    if (state.status !== 'done') return;
    const code = epp.trim();
    if (!code) {
      setEppError(EPP_REQUIRED_TEXT);
      return;
    }
    setEppError(undefined);
    const { check } = state;
    const ok = await add({ productId: check.id, domain: check.domain, currency, transfer: { eppCode: code } });
    if (ok) {
      setEpp('');
      setInCart(check.domain.toLowerCase());
    }
  };

  const money = (amount: number) => formatMoney(amount, currency);

  return (
    <Page>
      <PageMeta
        title="Transfer a Domain"
        description="Move your domain name to HostHub: check that it can be transferred, add it to your cart with its EPP code and get a year of renewal."
        path="/transfer-domain"
      />
      <h1>Transfer your domain</h1>
      <SearchForm role="search" onSubmit={onSearch}>
        <TextField
          label="Domain name"
          type="search"
          name="query"
          hostPlaceholder
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <Button type="submit">Check</Button>
      </SearchForm>

      {!query ? (
        <EmptyState>{EMPTY_SEARCH_TEXT}</EmptyState>
      ) : state.status === 'loading' ? (
        <Result aria-busy="true">
          <LoadingOverlay show label="Checking…" />
        </Result>
      ) : state.status === 'failed' ? (
        <Result as="section" aria-labelledby="transfer-domain">
          <Badge ok={false}>Unavailable for transfer</Badge>
          <h2 id="transfer-domain">
            <DomainText text={query} />
          </h2>
          <Notice tone="error" role="alert">
            {[notEligibleText(query), state.error].filter(Boolean).join(' ')}
          </Notice>
        </Result>
      ) : (
        <Result as="section" aria-labelledby="transfer-domain">
          <Badge ok={state.check.eligible}>{state.check.eligible ? 'Available for transfer' : 'Unavailable for transfer'}</Badge>
          <h2 id="transfer-domain">
            <DomainText text={state.check.domain} />
          </h2>
          <Price>Transfer price: {money(state.check.transfer_price)}</Price>
          {state.check.eligible ? (
            <>
              {state.check.message ? <p role="status">{state.check.message}</p> : null}
              <form onSubmit={(e) => void onAdd(e)} noValidate>
                <TextField
                  label="EPP Code"
                  name="epp_code"
                  autoComplete="off"
                  value={epp}
                  error={eppError}
                  disabled={adding !== null}
                  onChange={(e) => {
                    setEpp(e.target.value);
                    if (e.target.value.trim()) setEppError(undefined);
                  }}
                />
                <Button type="submit" disabled={adding !== null}>
                  Add to cart
                </Button>
              </form>
              {inCart !== null && inCart === checked ? (
                <p className="in-cart">
                  <DomainText text={state.check.domain} /> is in your cart. <Link to="/cart">View cart</Link>
                </p>
              ) : null}
            </>
          ) : (
            <>
              {state.check.message && state.check.message !== notEligibleText(state.check.domain) ? <p>{state.check.message}</p> : null}
              <Notice tone="error" role="alert">
                {[notEligibleText(state.check.domain), state.check.error].filter(Boolean).join(' ')}
              </Notice>
            </>
          )}
          <p>
            <Link to={`/search?${new URLSearchParams({ query, transfer: 'true' })}`}>Transfer a similar name</Link>
          </p>
        </Result>
      )}
    </Page>
  );
}
