import styled from '@emotion/styled';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useCurrency } from 'shared/currency';
import { LoadState, useLoad } from 'shared/load';
import { showToast } from 'shared/toast';
import { Button, Card, theme } from 'shared/ui';
import { addPlanToCart } from '../api/add-plan-to-cart';
import { getServices } from '../api/get-services';
import type { HostingPlan, PricingPlan, Service } from '../api/schemas';
import { ADDED_FALLBACK, serverErrorText } from './messages';
import { dollars } from './plan-grid';

const Box = styled(Card)`
  margin-top: 2rem;
  h2 { margin: 0 0 .5rem; font-size: 1.3rem; }
  h2:focus { outline: none; }
  > p { margin: 0 0 1rem; color: ${theme.color.muted}; }
  ul.plans { list-style: none; margin: 0 0 1.25rem; padding: 0; display: grid; gap: .75rem; }
  ul.plans li { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: .5rem 1rem;
    padding: .75rem 1rem; border: 1px solid ${theme.color.border}; border-radius: ${theme.radius}; }
  ul.plans strong { display: block; }
  ul.links { list-style: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: .25rem 1.25rem; }
  ul.links a { display: inline-flex; align-items: center; min-height: 44px; font-weight: 600; }
`;

/**
 * The hosting plans a package stands for: those named like it, or sold at one of its monthly prices. Pricing plans are
 * marketing cards, not products; the cart sells hosting plans of a service, so the package leads to these.
 */
export function plansForPackage(packageName: string, pricing: readonly PricingPlan[], services: readonly Service[]) {
  const name = packageName.trim().toLowerCase();
  const monthly = new Set(pricing.filter((p) => (p.billing_period ?? '').trim().toLowerCase() === 'month').map((p) => Math.round(p.price * 100)));
  const out: { service: Service; plan: HostingPlan }[] = [];
  for (const service of services) {
    if ((service.type ?? 'hosting') !== 'hosting') continue;
    for (const plan of service.hosting_plans) {
      if (plan.name.trim().toLowerCase() === name || monthly.has(Math.round(plan.price * 100))) out.push({ service, plan });
    }
  }
  return out;
}

/** The navigation state of a package chosen on the pricing page itself ('Get Started' on one of its cards). */
export const CHOSEN_HERE = { packageChosen: true } as const;

/**
 * Under a package's pricing cards (/pricing?package=): put the matching plan in the cart, or pick a service's plan.
 * Chosen on the page itself, the box is brought into view and its heading takes the focus: it opens under the cards,
 * two screens down on a phone, and 'Get Started' otherwise seemed to do little. Arriving with the address (a link
 * from elsewhere, a reload), the page starts at its top as any page does.
 */
export function PackageToCart({ packageName, pricing }: { packageName: string; pricing: readonly PricingPlan[] }) {
  const services = useLoad(getServices, { id: 'cart/services' });
  const box = useRef<HTMLDivElement>(null);
  const { key, state } = useLocation();
  const chosenHere = (state as Partial<typeof CHOSEN_HERE> | null)?.packageChosen === true;
  useEffect(() => {
    if (!chosenHere || !box.current) return;
    box.current.querySelector<HTMLElement>('h2')?.focus({ preventScroll: true });
    box.current.scrollIntoView({ block: 'nearest' });
  }, [key, chosenHere]);
  const currency = useCurrency();
  const [adding, setAdding] = useState<number | null>(null);
  const add = async (service: Service, plan: HostingPlan) => {
    setAdding(plan.id);
    try {
      const answer = await addPlanToCart(service, plan, currency);
      showToast('SUCCESS', answer.message || ADDED_FALLBACK);
    } catch (error) {
      showToast('ERROR', serverErrorText(error));
    } finally {
      setAdding(null);
    }
  };
  return (
    <Box as="section" aria-labelledby="package-to-cart" ref={box}>
      <h2 id="package-to-cart" tabIndex={-1}>
        Put the {packageName} plan in your cart
      </h2>
      <LoadState load={services} what="hosting plans" placeholder="cards">
        {(list) => {
          const matches = plansForPackage(packageName, pricing, list);
          const hosting = list.filter((s) => (s.type ?? 'hosting') === 'hosting' && s.hosting_plans.length > 0);
          return (
            <>
              {matches.length > 0 ? (
                <>
                  <p>The hosting plan{matches.length === 1 ? '' : 's'} of this package:</p>
                  <ul className="plans">
                    {matches.map(({ service, plan }) => (
                      <li key={plan.id}>
                        <span>
                          <strong>
                            {service.name} - {plan.name}
                          </strong>
                          {dollars(plan.price)}/ Month
                        </span>
                        <Button disabled={adding !== null} onClick={() => void add(service, plan)} aria-label={`Add ${service.name} - ${plan.name} to cart`}>
                          Add to cart
                        </Button>
                      </li>
                    ))}
                  </ul>
                </>
              ) : null}
              <p>Or choose a plan from every hosting service:</p>
              <ul className="links">
                {hosting.map((s) => (
                  <li key={s.id}>
                    <Link to={`/services-list/${s.id}`}>{s.name} plans</Link>
                  </li>
                ))}
              </ul>
            </>
          );
        }}
      </LoadState>
    </Box>
  );
}
