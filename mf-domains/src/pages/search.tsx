import styled from '@emotion/styled';
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { errorData, errorText, isHTTPError } from 'shared/api-client';
import { useCurrency } from 'shared/currency';
import { formatMoney } from 'shared/format';
import { SEARCH_DEBOUNCE_MS } from 'shared/schemas';
import { showToast } from 'shared/toast';
import {
  Button,
  ButtonLink,
  Card,
  DomainText,
  EmptyState,
  LoadingOverlay,
  Notice,
  Page,
  PageMeta,
  TextField,
  theme,
} from 'shared/ui';
import { checkTransferEligibility } from '../api/check-transfer-eligibility';
import { getCartDomains } from '../api/get-cart-domains';
import { getSuggestions } from '../api/get-suggestions';
import type { Suggestion, Suggestions } from '../api/schemas';
import { EppDialog } from '../components/epp-dialog';
import { Pagination } from '../components/pagination';
import { useAddToCart } from '../components/use-add-to-cart';

export const EMPTY_SEARCH_TEXT = 'You have not entered a domain name to search.';
export const SEARCH_FAILED_TEXT = 'Something went wrong with your search please retry.';
/** A name the registry could not be asked about (slow, rate-limiting): neither free nor taken. */
export const COULD_NOT_CHECK_TEXT = 'Could not check right now, try again';
export const PREMIUM_TEXT = 'Premium name';

/** What the search knows of a name: the server's status, or (older servers) free or taken. */
export type NameState = 'available' | 'registered' | 'unknown' | 'reserved' | 'blocked';

export function stateOf(s: Suggestion): NameState {
  if (s.status === undefined) return s.available ? 'available' : 'registered';
  if (s.status === 'available') return s.available ? 'available' : 'unknown';
  if (s.status === 'registered' || s.status === 'reserved' || s.status === 'blocked') return s.status;
  return 'unknown'; // 'unknown', or a status this page does not know: never offered
}

const SearchForm = styled.form`
  max-width: 640px;
  margin-bottom: 1.5rem;
`;
// While a search runs, the results hold a screen's height, so that the footer does not show and then jump away
// when the answer arrives (layout shift).
const Results = styled.div`
  position: relative;
  min-height: 120px;
  &[aria-busy='true'] {
    min-height: 100vh;
  }
`;
const Main = styled(Card)`
  display: grid;
  /* One column no wider than the card: a long name wraps instead of widening the card past a phone's screen. */
  grid-template-columns: minmax(0, 1fr);
  gap: 0.5rem;
  margin-bottom: 2rem;
  h2 {
    margin: 0;
    font-size: clamp(1.3rem, 4vw, 1.8rem);
  }
  p {
    margin: 0;
  }
`;
const Badge = styled.p<{ tone: 'ok' | 'no' | 'unknown' }>`
  justify-self: start;
  padding: 0.25rem 0.75rem;
  border-radius: 999px;
  font-weight: 700;
  font-size: 0.9rem;
  background: ${(p) => (p.tone === 'ok' ? theme.color.successBg : p.tone === 'no' ? theme.color.errorBg : theme.color.warningBg)};
  color: ${(p) => (p.tone === 'ok' ? theme.color.success : p.tone === 'no' ? theme.color.error : theme.color.warning)};
`;
const Tag = styled.span`
  display: inline-block;
  margin-left: 0.5rem;
  padding: 0.1rem 0.5rem;
  border-radius: 999px;
  font-size: 0.8rem;
  font-weight: 700;
  vertical-align: middle;
  background: ${theme.color.warningBg};
  color: ${theme.color.warning};
`;
const Price = styled.p`
  font-size: 1.5rem;
  font-weight: 700;
`;
const Muted = styled.p`
  color: ${theme.color.muted};
`;
const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem;
  margin-top: 0.5rem;
`;
const Options = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius};
  background: ${theme.color.surface};
  li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.5rem 1.25rem;
    padding: 0.85rem 1rem;
  }
  li + li {
    border-top: 1px solid ${theme.color.border};
  }
  .name {
    flex: 1 1 220px;
    font-weight: 600;
  }
  a.in-cart {
    display: inline-flex;
    align-items: center;
    min-height: 44px;
    padding: 0 0.5rem;
    font-weight: 700;
    color: ${theme.color.success};
  }
  .renews {
    color: ${theme.color.muted};
  }
  li[data-available='false'] {
    color: ${theme.color.muted};
  }
  .unknown {
    flex-basis: 100%;
    color: ${theme.color.warning};
    font-weight: 600;
  }
`;

const ModeSwitch = styled.p`
  margin: -0.75rem 0 1.5rem;
  color: ${theme.color.muted};
  a {
    color: ${theme.color.primary};
    font-weight: 600;
    display: inline-flex;
    align-items: center;
    min-height: 44px;
  }
`;

/** The search address for `query` in registration or transfer mode. */
const modeParams = (query: string, transfer: boolean) =>
  new URLSearchParams({ ...(query ? { query } : {}), ...(transfer ? { transfer: 'true' } : {}) });

interface Answer {
  query: string;
  page: number;
  data: Suggestions;
}

/** The suggestion matching the typed text (normalised to lower case), else the first one. */
export function chooseMain(query: string, suggestions: readonly Suggestion[]): Suggestion | undefined {
  const wanted = query.trim().toLowerCase();
  return (
    suggestions.find(
      (s) => s.domain.toLowerCase() === wanted || s.domain_unicode?.toLowerCase() === wanted,
    ) ?? suggestions[0]
  );
}

/** A name as people write it: an internationalised one in its own letters. */
const shownName = (s: Suggestion) => s.domain_unicode ?? s.domain;

const InCart = styled.p`
  display: inline-flex;
  align-items: center;
  gap: 0.4rem;
  font-weight: 700;
  color: ${theme.color.success};
  svg {
    width: 20px;
    height: 20px;
  }
`;
const Check = () => (
  <svg
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="3"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
  >
    <path d="M5 12.5l4.5 4.5L19 7.5" />
  </svg>
);

/**
 * The main result on a page of suggestions: on page 1 the one matching the typed text, else the first; on later pages
 * the typed name found on page 1 stays (the customer asked for it), else that page's first.
 */
export function mainOf(
  answer: { query: string; page: number; data: Suggestions },
  pinned: Suggestion | undefined,
): Suggestion | undefined {
  const wanted = answer.query.trim().toLowerCase();
  if (answer.page > 1 && pinned && pinned.domain.toLowerCase() === wanted) return pinned;
  return chooseMain(answer.query, answer.data.suggestions);
}

/** After an add that should go on to checkout. */
type Then = 'stay' | 'cart';

/** The server's reason when it refused the search text (a 400 with a field message), else null. */
function refusedText(error: unknown): string | null {
  if (!isHTTPError(error) || error.response.status !== 400) return null;
  for (const value of Object.values(errorData(error) ?? {})) {
    const text: unknown = Array.isArray(value) ? value[0] : value;
    if (typeof text === 'string' && text) return text;
  }
  return null;
}

/** /search?query= (spec section 2 'Domain search'); `&transfer=true` switches to transfer mode. */
export function SearchPage() {
  const [params, setParams] = useSearchParams();
  const urlQuery = (params.get('query') ?? '').trim();
  const transferMode = params.get('transfer') === 'true';
  const currency = useCurrency();
  const navigate = useNavigate();

  const [text, setText] = useState(params.get('query') ?? '');
  // The query searched for. It follows the URL, but is set directly when the debounce ends too, so the search does
  // not wait for the (transition-priority) router update.
  const [query, setQuery] = useState(urlQuery);
  const written = useRef(urlQuery);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // The query changed from outside (header search, back button): show it in the box and drop any pending write.
  useEffect(() => {
    if (urlQuery === written.current) return;
    written.current = urlQuery;
    clearTimeout(timer.current);
    setText(urlQuery);
    setQuery(urlQuery);
  }, [urlQuery]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const commit = (value: string) => {
    clearTimeout(timer.current);
    const next = value.trim();
    written.current = next;
    setQuery(next);
    setParams(
      (prev) => {
        const params = new URLSearchParams(prev);
        if (next) params.set('query', next);
        else params.delete('query');
        return params;
      },
      { replace: true },
    );
  };
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.target.value;
    setText(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => commit(value), SEARCH_DEBOUNCE_MS);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    commit(text);
  };

  // The page belongs to the query it was chosen for: a new query starts at page 1.
  const [paging, setPaging] = useState({ query, page: 1 });
  const page = paging.query === query ? paging.page : 1;

  const [answer, setAnswer] = useState<Answer | null>(null);
  const [loading, setLoading] = useState(false);
  // The search failed: with the server's reason when it refused the text (a retry cannot help then).
  const [failure, setFailure] = useState<{ reason: string | null } | null>(null);
  const failed = failure !== null;
  // Bumped by 'Retry' after a failure: runs the same search again.
  const [attempt, setAttempt] = useState(0);
  const latest = useRef(0);

  useEffect(() => {
    const id = ++latest.current;
    if (!query) {
      setAnswer(null);
      setFailure(null);
      setLoading(false);
      return;
    }
    const controller = new AbortController();
    setLoading(true);
    setFailure(null);
    // Only the newest request may write: an older answer arriving late is dropped (and its request aborted).
    getSuggestions(query, currency, page, controller.signal).then(
      (data) => {
        if (id !== latest.current) return;
        setAnswer({ query, page, data });
        setLoading(false);
      },
      (error: unknown) => {
        if (id !== latest.current) return;
        setAnswer(null);
        setFailure({ reason: refusedText(error) });
        setLoading(false);
      },
    );
    return () => controller.abort();
  }, [query, page, currency, attempt]);

  // The typed name as found on page 1: it stays the main result on the following pages.
  const [pinned, setPinned] = useState<{ query: string; main: Suggestion } | null>(null);
  useEffect(() => {
    if (answer?.page !== 1) return;
    const found = chooseMain(answer.query, answer.data.suggestions);
    setPinned(found ? { query: answer.query, main: found } : null);
  }, [answer]);

  // Names already in the cart say so, with a link to it, instead of offering 'Add to Cart' again.
  const [inCart, setInCart] = useState<ReadonlySet<string>>(new Set());
  const searching = query !== '';
  useEffect(() => {
    if (!searching) return;
    let live = true;
    getCartDomains().then(
      (names) => live && setInCart(names),
      () => {}, // without the cart every name simply offers 'Add to Cart'
    );
    return () => {
      live = false;
    };
  }, [searching]);
  const isInCart = (s: Suggestion) => inCart.has(s.domain.toLowerCase());
  // The add button of a name gives way to its cart link: focus follows it there (else it falls to the page's top).
  const [justAdded, setJustAdded] = useState<string | null>(null);
  const noteAdded = (domain: string) => {
    setInCart((prev) => new Set(prev).add(domain.toLowerCase()));
    setJustAdded(domain.toLowerCase());
  };
  useEffect(() => {
    if (!justAdded) return;
    const frame = requestAnimationFrame(() => {
      const active = document.activeElement;
      if (active === null || active === document.body) document.querySelector<HTMLElement>(`[data-cart-link="${CSS.escape(justAdded)}"]`)?.focus();
      setJustAdded(null);
    });
    return () => cancelAnimationFrame(frame);
  }, [justAdded]);

  const { add, adding } = useAddToCart();
  const [transferOf, setTransferOf] = useState<{ suggestion: Suggestion; then: Then } | null>(null);

  // Other options the registry refused to transfer when added (locked at their registrar…): unavailable, with why.
  const [refused, setRefused] = useState<ReadonlyMap<string, string>>(new Map());
  const [checkingTransfer, setCheckingTransfer] = useState(false);

  const addSuggestion = async (suggestion: Suggestion, then: Then) => {
    if (transferMode) {
      // The main result was checked as it was shown; another option is checked now, before its EPP code is asked for
      // (if the check cannot be made, the cart's own check still refuses an ineligible name).
      if (suggestion.domain !== main?.domain) {
        setCheckingTransfer(true);
        const check = await checkTransferEligibility(suggestion.domain, currency).catch(() => null);
        setCheckingTransfer(false);
        if (check && !check.eligible) {
          const reason = check.error ?? check.message ?? `${suggestion.domain} cannot be transferred.`;
          setRefused((prev) => new Map(prev).set(suggestion.domain, reason));
          showToast('ERROR', reason);
          return;
        }
      }
      setTransferOf({ suggestion, then });
      return;
    }
    const ok = await add({ productId: suggestion.id, domain: suggestion.domain, currency });
    if (ok) noteAdded(suggestion.domain);
    if (ok && then === 'cart') navigate('/cart');
  };
  const transfer = async (eppCode: string) => {
    if (!transferOf) return;
    const { suggestion, then } = transferOf;
    const ok = await add({
      productId: suggestion.id,
      domain: suggestion.domain,
      currency,
      transfer: { eppCode },
    });
    if (!ok) return;
    noteAdded(suggestion.domain);
    setTransferOf(null);
    if (then === 'cart') navigate('/cart');
  };

  // A transfer moves a name that is registered elsewhere, so in transfer mode the taken names are the ones on offer
  // (an unregistered name can never be transferred: the server would refuse it). A name the registry could not be
  // asked about is offered in neither mode.
  const canAdd = (s: Suggestion) => stateOf(s) === (transferMode ? 'registered' : 'available');
  // The badge agrees with the offer: in transfer mode in the transfer page's words.
  const badgeText = (ok: boolean) =>
    transferMode
      ? ok
        ? 'Available for transfer'
        : 'Unavailable for transfer'
      : ok
        ? 'Available Match'
        : 'Unavailable';
  const suggestions = answer?.data.suggestions ?? [];
  const main = answer ? mainOf(answer, pinned?.query === answer.query ? pinned.main : undefined) : undefined;
  // In transfer mode the price shown is the transfer's, as the cart will charge it.
  const priceOf = (s: Suggestion) => (transferMode ? (s.transfer_price ?? s.price) : s.price);
  const showPremium = (s: Suggestion) => s.premium && !transferMode;

  // A registered name may still be locked at its registrar: in transfer mode the main result is checked as the transfer
  // page checks it, and offered only when eligible (another option is checked when it is added).
  const [eligibility, setEligibility] = useState<{
    domain: string;
    eligible: boolean;
    reason: string | null;
  } | null>(null);
  const mainToCheck = transferMode && main && stateOf(main) === 'registered' ? main.domain : null;
  useEffect(() => {
    if (!mainToCheck) return;
    const controller = new AbortController();
    checkTransferEligibility(mainToCheck, currency, controller.signal).then(
      (check) =>
        setEligibility({
          domain: mainToCheck,
          eligible: check.eligible,
          reason: check.eligible ? null : (check.error ?? check.message ?? null),
        }),
      (error: unknown) => {
        if (!controller.signal.aborted)
          setEligibility({
            domain: mainToCheck,
            eligible: false,
            reason: errorText(error, SEARCH_FAILED_TEXT),
          });
      },
    );
    return () => controller.abort();
  }, [mainToCheck, currency]);
  const mainEligibility = mainToCheck && eligibility?.domain === mainToCheck ? eligibility : null;
  const mainChecking = mainToCheck !== null && mainEligibility === null;
  const canAddMain = (s: Suggestion) => canAdd(s) && (!mainToCheck || mainEligibility?.eligible === true);
  const others = suggestions.filter((s) => s.domain !== main?.domain);
  const money = (amount: number) => formatMoney(amount, currency);
  // Also true on the first render with a query, before the search's effect has started it.
  const busy = loading || (query !== '' && !answer && !failed);

  return (
    <Page>
      <PageMeta
        title="Domain Search"
        description="Search for a domain name: see at once whether it is available, its price and similar names, and register it."
        path="/search"
      />
      <h1>{transferMode ? 'Transfer a domain' : 'Find your domain'}</h1>
      <SearchForm role="search" onSubmit={onSubmit}>
        <TextField
          label="Domain name"
          type="search"
          name="query"
          hostPlaceholder
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          value={text}
          onChange={onChange}
        />
      </SearchForm>
      <ModeSwitch>
        {transferMode
          ? 'Names already registered elsewhere can be transferred to us with their EPP code. '
          : 'Already own a name elsewhere? '}
        <Link to={`/search?${modeParams(query, !transferMode)}`}>
          {transferMode ? 'Switch to registration' : 'Switch to transfer'}
        </Link>
      </ModeSwitch>

      {!query ? (
        <EmptyState>{EMPTY_SEARCH_TEXT}</EmptyState>
      ) : (
        <Results aria-busy={busy}>
          <LoadingOverlay show={busy} label="Searching…" />
          {failure ? (
            <>
              <Notice tone="error" role="alert">
                {failure.reason ? (
                  // The spec's text, then the server's reason as a sentence of its own.
                  <>
                    <span>{SEARCH_FAILED_TEXT}</span> <span>{failure.reason}</span>
                  </>
                ) : (
                  SEARCH_FAILED_TEXT
                )}
              </Notice>
              {failure.reason ? null : (
                <Button variant="secondary" onClick={() => setAttempt((n) => n + 1)}>
                  Retry
                </Button>
              )}
            </>
          ) : null}
          {answer?.data.message ? <Notice role="status">{answer.data.message}</Notice> : null}
          {main ? (
            <Main as="section" aria-labelledby="main-result-domain">
              {stateOf(main) === 'unknown' ? (
                <Badge tone="unknown">{COULD_NOT_CHECK_TEXT}</Badge>
              ) : mainChecking ? (
                <Badge tone="unknown">Checking the transfer…</Badge>
              ) : (
                <Badge tone={canAddMain(main) ? 'ok' : 'no'}>{badgeText(canAddMain(main))}</Badge>
              )}
              <h2 id="main-result-domain">
                <DomainText text={shownName(main)} />
              </h2>
              {main.domain_unicode ? <Muted>{`Registered as ${main.domain}`}</Muted> : null}
              <Price>
                {money(priceOf(main))}
                {showPremium(main) ? <Tag>{PREMIUM_TEXT}</Tag> : null}
              </Price>
              <Muted>{`returns to ${money(main.renewal_price)} after first? year`}</Muted>
              {mainEligibility && !mainEligibility.eligible && mainEligibility.reason ? (
                <Muted role="status">{mainEligibility.reason}</Muted>
              ) : null}
              {stateOf(main) === 'unknown' ? (
                <Actions>
                  <Button variant="secondary" disabled={busy} onClick={() => setAttempt((n) => n + 1)}>
                    Check again
                  </Button>
                </Actions>
              ) : null}
              {canAddMain(main) && isInCart(main) ? (
                <Actions>
                  <InCart>
                    <Check />
                    In cart
                  </InCart>
                  <ButtonLink to="/cart" variant="secondary" data-cart-link={main.domain.toLowerCase()}>
                    View cart
                  </ButtonLink>
                </Actions>
              ) : canAddMain(main) ? (
                <Actions>
                  <Button disabled={adding !== null} onClick={() => void addSuggestion(main, 'stay')}>
                    Add to Cart
                  </Button>
                  <Button
                    variant="secondary"
                    disabled={adding !== null}
                    onClick={() => void addSuggestion(main, 'cart')}
                  >
                    Checkout
                  </Button>
                </Actions>
              ) : null}
            </Main>
          ) : null}
          {answer && others.length > 0 ? (
            <section aria-labelledby="other-options">
              <h2 id="other-options">Other Options</h2>
              <Options>
                {others.map((s) => {
                  const why = transferMode ? refused.get(s.domain) : undefined;
                  const ok = canAdd(s) && !why;
                  const unknown = stateOf(s) === 'unknown';
                  // Unknown is not 'taken': not struck through, and said in words instead.
                  const strike = (content: string) => (ok || unknown ? content : <s>{content}</s>);
                  return (
                    <li key={s.domain} data-available={ok} data-state={stateOf(s)}>
                      <span className="name">
                        {ok ? <DomainText text={shownName(s)} /> : strike(shownName(s))}
                        {ok || unknown ? null : (
                          <span className="visually-hidden">
                            {transferMode ? (why ? ' (cannot be transferred)' : ' (not registered)') : ' (taken)'}
                          </span>
                        )}
                      </span>
                      <span>
                        {strike(money(priceOf(s)))}
                        {showPremium(s) ? <Tag>{PREMIUM_TEXT}</Tag> : null}
                      </span>
                      <span className="renews">{strike(`renews at ${money(s.renewal_price)}`)}</span>
                      {ok && isInCart(s) ? (
                        <Link
                          className="in-cart"
                          to="/cart"
                          data-cart-link={s.domain.toLowerCase()}
                          aria-label={`In cart: ${shownName(s)}, view cart`}
                        >
                          In cart
                        </Link>
                      ) : (
                        <Button
                          variant="secondary"
                          aria-label={`Add ${shownName(s)}`}
                          disabled={!ok || adding !== null || checkingTransfer}
                          onClick={() => void addSuggestion(s, 'stay')}
                        >
                          Add
                        </Button>
                      )}
                      {unknown ? <span className="unknown">{COULD_NOT_CHECK_TEXT}</span> : null}
                      {why ? <span className="unknown">{why}</span> : null}
                    </li>
                  );
                })}
              </Options>
            </section>
          ) : null}
          {answer ? (
            <Pagination
              label="Suggestion pages"
              page={answer.page}
              totalPages={answer.data.total_pages}
              hasNext={answer.data.has_next}
              onPage={(n) => setPaging({ query, page: n })}
            />
          ) : null}
        </Results>
      )}

      <EppDialog
        key={transferOf?.suggestion.domain ?? ''}
        domain={transferOf ? shownName(transferOf.suggestion) : null}
        busy={adding !== null}
        onClose={() => setTransferOf(null)}
        onTransfer={(code) => void transfer(code)}
      />
    </Page>
  );
}
