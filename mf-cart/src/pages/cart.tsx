import styled from '@emotion/styled';
import { useCallback, useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useLocation } from 'react-router-dom';
import { setCartCount } from 'shared/cart-count';
import { useCurrency } from 'shared/currency';
import { formatMoney } from 'shared/format';
import { useLoggedIn } from 'shared/session';
import { showToast } from 'shared/toast';
import { Button, ButtonLink, Card, DomainText, EmptyState, Lines, LoadingOverlay, Notice, Page, PageTitle, Skeleton, SkeletonBlock, theme } from 'shared/ui';
import { clearCart } from '../api/clear-cart';
import { getCart } from '../api/get-cart';
import { getVat } from '../api/get-vat';
import { removeCartItem } from '../api/remove-cart-item';
import type { Cart, CartItem } from '../api/schemas';
import { cartAction, cartTotal, hasDomainOptions, itemName, loginHref } from '../components/cart-rules';
import { DomainOptions } from '../components/domain-options';
import { CART_CLEARED, ITEM_REMOVED, serverErrorText } from '../components/messages';
import { PaymentDialog } from '../components/payment-dialog';

const Head = styled.div`
  display: flex; align-items: center; justify-content: space-between; gap: 1rem; flex-wrap: wrap; margin-bottom: 1.25rem;
  h1 { margin: 0; }
`;
const Layout = styled.div`
  position: relative; display: grid; gap: 1.5rem; align-items: start; grid-template-columns: minmax(0, 1fr);
  ${theme.breakpoint.md} { grid-template-columns: minmax(0, 1fr) 340px; }
`;
const Items = styled.ul`
  list-style: none; margin: 0; padding: 0; display: grid; gap: 1rem; min-width: 0; grid-template-columns: minmax(0, 1fr);
  /* A word longer than the card (a 40-letter domain label) breaks rather than pushing the card past the screen. */
  > li { overflow-wrap: break-word; }
`;
const ItemHead = styled.div`
  display: flex; justify-content: space-between; align-items: flex-start; gap: .75rem 1rem; flex-wrap: wrap;
  h2 { margin: 0; font-size: 1.15rem; }
  .price { font-weight: 700; font-size: 1.1rem; margin: 0; }
`;
const Description = styled.p`
  margin: .5rem 0 0; color: ${theme.color.muted};
`;
const Summary = styled(Card)`
  h2 { margin: 0 0 .75rem; font-size: 1.2rem; }
  dl { margin: 0 0 1rem; display: grid; gap: .5rem; grid-template-columns: minmax(0, 1fr); }
  /* A name too long to share its line with the price takes the line, and the price goes under it. */
  dl > div { display: flex; flex-wrap: wrap; justify-content: space-between; align-items: baseline; gap: 0 1rem; }
  dt { flex: 1 1 10rem; min-width: 0; overflow-wrap: break-word; }
  dd { margin: 0 0 0 auto; text-align: right; font-weight: 600; white-space: nowrap; }
  dl > div.total { border-top: 1px solid ${theme.color.border}; padding-top: .75rem; font-size: 1.1rem; font-weight: 700; }
  dl > div.due { background: ${theme.color.primarySoft}; margin: 0 -.75rem; padding: .6rem .75rem; border-radius: 8px; font-weight: 700; }
  .count, .note { margin: 0 0 .75rem; color: ${theme.color.muted}; }
  a, button { width: 100%; }
`;
const Pending = styled(SkeletonBlock)`display: inline-block; vertical-align: middle;`;
// Remove is a quiet text control: a column of solid red buttons shouted louder than the prices.
const Quiet = styled.button`
  display: inline-flex; align-items: center; gap: .4rem; min-height: 44px; padding: .5rem .25rem; border: 0;
  background: none; font: inherit; font-weight: 600; color: ${theme.color.muted}; cursor: pointer; border-radius: 6px;
  svg { width: 18px; height: 18px; }
  &:hover:not(:disabled) { color: ${theme.color.error}; text-decoration: underline; }
  &:focus-visible { outline: 3px solid ${theme.color.primary}; outline-offset: 2px; }
  &:disabled { opacity: .55; cursor: not-allowed; }
`;
// On phones the summary sits below every item: while it is out of sight a bar at the bottom of the screen keeps the
// amount and the action at hand; a toast stands at the top while it would cover it (shared/ui/toast TOAST_CLEAR).
const PhoneBar = styled.div`
  position: fixed; left: 0; right: 0; bottom: 0; z-index: 20; background: ${theme.color.surface};
  border-top: 1px solid ${theme.color.border}; box-shadow: 0 -4px 16px rgba(20,20,43,.08);
  padding: .75rem 1rem calc(.75rem + env(safe-area-inset-bottom));
  display: flex; align-items: center; justify-content: space-between; gap: 1rem;
  p { margin: 0; display: grid; font-size: .85rem; color: ${theme.color.muted}; }
  p strong { font-size: 1.15rem; color: ${theme.color.text}; }
  a, button { flex: none; }
  ${theme.breakpoint.md} { display: none; }
`;

/** The empty cart's way on, where focus goes once the last item is removed. */
const EMPTY_CART_LINK = '[data-cart-empty-search]';

type Loaded = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; cart: Cart };
type VatState = { state: 'idle' | 'loading' | 'failed' } | { state: 'ready'; amount: number; total: number };

export function CartPage() {
  const currency = useCurrency();
  const loggedIn = useLoggedIn();
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [busy, setBusy] = useState(false);
  const [paying, setPaying] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    setLoaded({ state: 'loading' });
    getCart(currency).then(
      (cart) => live && setLoaded({ state: 'ready', cart }),
      (error: unknown) => {
        if (!live) return;
        console.error(error);
        setLoaded({ state: 'failed' });
      },
    );
    return () => {
      live = false;
    };
  }, [currency, attempt]);

  const cart = loaded.state === 'ready' ? loaded.cart : null;
  const items = cart?.items ?? [];
  const cartCurrency = cart?.currency || currency;
  const vat = useVat(loggedIn, cart, cartCurrency);
  const summaryRef = useRef<HTMLDivElement>(null);
  const showBar = usePhoneBar(summaryRef, loaded.state === 'ready' && items.length > 0);
  const barRef = useRef<HTMLDivElement>(null);
  // While the bar stands over the page's bottom, a control reached from the keyboard is scrolled into view above it,
  // not under it (WCAG 2.4.11, focus not obscured).
  useEffect(() => {
    const bar = barRef.current;
    if (!showBar || !bar) return;
    const root = document.documentElement;
    root.style.scrollPaddingBottom = `${bar.offsetHeight + 8}px`;
    return () => {
      root.style.scrollPaddingBottom = '';
    };
  }, [showBar]);

  const setItems = useCallback((next: CartItem[]) => {
    setLoaded((prev) => (prev.state === 'ready' ? { state: 'ready', cart: { ...prev.cart, items: next } } : prev));
    setCartCount(next.length);
  }, []);

  // Where the keyboard's focus goes once a removal settles (the button pressed is gone, or was disabled while it ran):
  // the next item's Remove (else the one before), 'Search for a domain' once the cart is empty, or back to the button
  // when the removal failed. Without it focus fell to the page's start.
  const [focusNext, setFocusNext] = useState<string | null>(null);
  useEffect(() => {
    if (!focusNext || busy) return;
    document.querySelector<HTMLElement>(focusNext)?.focus();
    setFocusNext(null);
  }, [focusNext, busy, loaded]);

  const onClear = async () => {
    setBusy(true);
    try {
      await clearCart();
      setItems([]);
      showToast('SUCCESS', CART_CLEARED);
      setFocusNext(EMPTY_CART_LINK);
    } catch (error) {
      showToast('ERROR', serverErrorText(error));
      setFocusNext('[data-cart-clear]');
    } finally {
      setBusy(false);
    }
  };

  const onRemove = async (item: CartItem) => {
    setBusy(true);
    try {
      await removeCartItem(item.id);
      const at = items.findIndex((i) => i.id === item.id);
      const next = items[at + 1] ?? items[at - 1];
      setItems(items.filter((i) => i.id !== item.id));
      showToast('SUCCESS', ITEM_REMOVED);
      setFocusNext(next ? `[data-remove-item="${next.id}"]` : EMPTY_CART_LINK);
    } catch (error) {
      showToast('ERROR', serverErrorText(error));
      setFocusNext(`[data-remove-item="${item.id}"]`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Page>
        <Head>
          <PageTitle title="Your Cart" />
          <h1>Your Cart</h1>
          <Button variant="secondary" onClick={onClear} disabled={busy || items.length === 0} data-cart-clear="">
            Clear Cart
          </Button>
        </Head>
        {loaded.state === 'loading' ? (
          <Skeleton label="Loading your cart…" shape="cards" rows={2} aside />
        ) : loaded.state === 'failed' ? (
          <div>
            <Notice tone="error" role="alert">
              Something went wrong while fetching your cart. Please retry.
            </Notice>
            <Button variant="secondary" onClick={() => setAttempt((n) => n + 1)}>
              Retry
            </Button>
          </div>
        ) : items.length === 0 ? (
          <>
            <EmptyState>No items in cart</EmptyState>
            <ButtonLink to="/search" variant="secondary" data-cart-empty-search="">
              Search for a domain
            </ButtonLink>
          </>
        ) : (
          <Layout>
            <LoadingOverlay show={busy} label="Updating your cart…" />
            <Items aria-label="Cart items">
              {items.map((item) => (
                <li key={item.id}>
                  <ItemCard item={item} currency={cartCurrency} busy={busy} onRemove={() => void onRemove(item)} />
                </li>
              ))}
            </Items>
            <div ref={summaryRef}>
              <OrderSummary
                items={items}
                currency={cartCurrency}
                loggedIn={loggedIn}
                vat={vat}
                action={<CartActionButton cart={cart!} loggedIn={loggedIn} onPay={() => setPaying(true)} />}
              />
            </div>
          </Layout>
        )}
        {showBar && cart ? (
          <PhoneBar ref={barRef} data-testid="cart-phone-bar" data-toast-clear="">
            <p>
              {loggedIn && vat.state === 'ready' ? 'Amount due (incl. VAT)' : 'Total'}
              <strong>{formatMoney(loggedIn && vat.state === 'ready' ? vat.total : cartTotal(items), cartCurrency)}</strong>
            </p>
            <CartActionButton cart={cart} loggedIn={loggedIn} onPay={() => setPaying(true)} compact />
          </PhoneBar>
        ) : null}
      </Page>
      <PaymentDialog
        open={paying}
        onClose={() => setPaying(false)}
        currency={cartCurrency}
        total={cartTotal(items)}
        vat={vat.state === 'ready' ? vat.amount : null}
        itemIds={items.map((i) => i.id)}
        onCartChanged={() => {
          setPaying(false);
          setAttempt((n) => n + 1);
        }}
      />
    </>
  );
}

/** True on a phone-sized screen while the order summary is out of sight (scrolled past or not yet reached). */
function usePhoneBar(summary: RefObject<HTMLDivElement | null>, active: boolean): boolean {
  const [phone, setPhone] = useState(false);
  const [summaryInView, setSummaryInView] = useState(true);
  useEffect(() => {
    if (!active || typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(theme.narrowQuery);
    const update = () => setPhone(query.matches);
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, [active]);
  useEffect(() => {
    const node = summary.current;
    if (!active || !node || typeof IntersectionObserver !== 'function') return;
    const observer = new IntersectionObserver(([entry]) => setSummaryInView(entry?.isIntersecting ?? true));
    observer.observe(node);
    return () => observer.disconnect();
  }, [active, summary]);
  return active && phone && !summaryInView;
}

/** The VAT on the cart, read from the server when a customer is logged in and the cart has items. */
function useVat(loggedIn: boolean, cart: Cart | null, currency: string): VatState {
  const [vat, setVat] = useState<VatState>({ state: 'idle' });
  const cartId = cart?.id ?? null;
  // Re-read whenever the set of items changes (remove, clear).
  const items = cart?.items ?? [];
  const itemsKey = items.map((i) => `${i.id}:${i.price}`).join(',');
  useEffect(() => {
    if (!loggedIn || cartId === null || itemsKey === '') {
      setVat({ state: 'idle' });
      return;
    }
    let live = true;
    setVat({ state: 'loading' });
    getVat(cartId, currency).then(
      // The amount due is the server's own sum (as checkout charges it); computed here only if an older server omits it.
      (answer) =>
        live &&
        setVat({
          state: 'ready',
          amount: answer.vat_amount,
          total: answer.total ?? (Math.round(answer.vat_amount * 100) + items.reduce((n, i) => n + Math.round(i.price * 100), 0)) / 100,
        }),
      (error: unknown) => {
        if (!live) return;
        console.error(error);
        setVat({ state: 'failed' });
      },
    );
    return () => {
      live = false;
    };
    // `items` is read through `itemsKey`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loggedIn, cartId, itemsKey, currency]);
  return vat;
}

function ItemCard({ item, currency, busy, onRemove }: { item: CartItem; currency: string; busy: boolean; onRemove(): void }) {
  const headingId = useId();
  const name = itemName(item);
  return (
    <Card as="article" aria-labelledby={headingId}>
      <ItemHead>
        <div style={{ minWidth: 0 }}>
          <h2 id={headingId}>
            <DomainText text={name} />
          </h2>
          {item.service === 2 && item.metadata.description ? (
            <Description>
              <Lines text={item.metadata.description} />
            </Description>
          ) : null}
        </div>
        <p className="price">{formatMoney(item.price, currency)}</p>
      </ItemHead>
      {hasDomainOptions(item) ? <DomainOptions item={item} currency={currency} itemLabel={name} /> : null}
      <div style={{ marginTop: '1rem' }}>
        <Quiet type="button" onClick={onRemove} disabled={busy} aria-label={`Remove ${name}`} data-remove-item={item.id}>
          <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
            <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
          </svg>
          Remove
        </Quiet>
      </div>
    </Card>
  );
}

/**
 * A figure that needs the server's VAT: the amount when known, 'Unavailable' when it could not be read, and while it is
 * read a grey block about as wide as an amount (the words 'Calculating…' for screen readers only: written out, they
 * pushed the figure under its name, and the lines moved when it arrived).
 */
function vatFigure(vat: VatState, figure: (ready: { amount: number; total: number }) => number, currency: string): ReactNode {
  if (vat.state === 'ready') return formatMoney(figure(vat), currency);
  if (vat.state === 'failed') return 'Unavailable';
  return (
    <>
      <span className="visually-hidden">Calculating…</span>
      <Pending w="3.5rem" h="1em" aria-hidden="true" />
    </>
  );
}

function OrderSummary({
  items,
  currency,
  loggedIn,
  vat,
  action,
}: {
  items: CartItem[];
  currency: string;
  loggedIn: boolean;
  vat: VatState;
  action: ReactNode;
}) {
  const headingId = useId();
  return (
    <Summary as="aside" aria-labelledby={headingId}>
      <h2 id={headingId}>Order Summary</h2>
      <p className="count">
        {items.length} {items.length === 1 ? 'item' : 'items'}
      </p>
      <dl>
        {items.map((item) => (
          <div key={item.id}>
            <dt>
              <DomainText text={itemName(item)} />
            </dt>
            <dd>{formatMoney(item.price, currency)}</dd>
          </div>
        ))}
        {loggedIn ? (
          <div>
            <dt>VAT</dt>
            <dd aria-live="polite">{vatFigure(vat, (v) => v.amount, currency)}</dd>
          </div>
        ) : null}
        <div className="total">
          <dt>Total</dt>
          <dd>{formatMoney(cartTotal(items), currency)}</dd>
        </div>
        {/* Held from the first render (not added when the VAT arrives), so the button below never moves under a
            pointer: a click whose press landed on 'Pay Now' and whose release landed on this row did nothing. */}
        {loggedIn ? (
          <div className="due">
            <dt>Amount due (incl. VAT)</dt>
            <dd aria-live="polite">{vatFigure(vat, (v) => v.total, currency)}</dd>
          </div>
        ) : null}
      </dl>
      {loggedIn ? null : <p className="note">VAT not included</p>}
      {action}
    </Summary>
  );
}

function CartActionButton({ cart, loggedIn, onPay, compact = false }: { cart: Cart; loggedIn: boolean; onPay(): void; compact?: boolean }) {
  const location = useLocation();
  switch (cartAction(cart, loggedIn)) {
    case 'none':
      return null;
    case 'login':
      return <ButtonLink to={loginHref(location.pathname, location.search)}>Login to Continue</ButtonLink>;
    case 'add-domain':
      return (
        <>
          {compact ? null : <p className="note">A hosting plan needs a domain: add a domain to your cart to continue.</p>}
          <ButtonLink to="/search">Add Domain</ButtonLink>
        </>
      );
    case 'add-hosting':
      return (
        <>
          {compact ? null : <p className="note">Add a hosting plan to your cart to continue.</p>}
          <ButtonLink to="/search">Add Hosting</ButtonLink>
        </>
      );
    case 'pay':
      return <Button onClick={onPay}>Pay Now</Button>;
  }
}
