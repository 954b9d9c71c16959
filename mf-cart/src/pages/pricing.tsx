import styled from '@emotion/styled';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { splitLines } from 'shared/format';
import { LoadState, useLoad } from 'shared/load';
import { ButtonLink, EmptyState, Page, PageMeta, theme } from 'shared/ui';
import { getPackages } from '../api/get-packages';
import { getPricingPlans } from '../api/get-pricing-plans';
import type { Package, PricingPlan } from '../api/schemas';
import { CHOSEN_HERE, PackageToCart } from '../components/package-to-cart';
import { dollars, PlanCard, PlanGrid } from '../components/plan-grid';

const Hero = styled.div`
  background: linear-gradient(135deg, ${theme.color.primarySoft}, #fff 70%);
  border-radius: ${theme.radius}; padding: 2rem 1.25rem; margin-bottom: 2rem; text-align: center;
  h1 { margin: 0 0 .5rem; }
  p { margin: 0 auto; max-width: 60ch; color: ${theme.color.muted}; }
`;
const Filter = styled.p`
  display: flex; flex-wrap: wrap; gap: .5rem 1rem; align-items: center; margin: 0 0 1.5rem;
  a { color: ${theme.color.primary}; font-weight: 600; }
`;

/**
 * 'Billed {period}' with the period exactly as the server wrote it (spec section 2), e.g. 'Billed month'. The spec keeps
 * its wording literally (compare 'Billed anuually' on the services list), so the period is not turned into an adverb.
 */
export function billedText(period: string | null | undefined): string {
  return `Billed ${(period ?? '').trim()}`.trim();
}

const loadPricing = () => Promise.all([getPricingPlans(), getPackages()]);

export function PricingPage() {
  const [params] = useSearchParams();
  const chosen = Number(params.get('package'));
  const selected = Number.isInteger(chosen) && chosen > 0 ? chosen : null;
  const pricing = useLoad(loadPricing, { id: 'cart/pricing' });

  return (
    <Page>
      <PageMeta
        title="Pricing Plans"
        description="Simple and flexible web hosting pricing plans from HostHub: compare the packages, their features and prices."
        path="/pricing"
      />
      <Hero>
        <h1>Simple and Flexible Pricing Plans</h1>
        <p>Prices are listed without VAT.</p>
      </Hero>
      <LoadState load={pricing} what="pricing plans" placeholder="cards">
        {([plans, packages]) => <PricingPlans plans={plans} packages={packages} selected={selected} />}
      </LoadState>
    </Page>
  );
}

const packageName = (packages: Package[], index: number) => packages[index - 1]?.name ?? `Package ${index}`;

function PricingPlans({ plans, packages, selected }: { plans: PricingPlan[]; packages: Package[]; selected: number | null }) {
  if (plans.length === 0) return <EmptyState>No pricing plans are available now.</EmptyState>;
  const shown = selected === null ? plans : plans.filter((p) => p.package === selected);
  return (
    <>
      {selected !== null ? (
        <Filter role="status">
          <span>
            Showing the plans of the <strong>{packageName(packages, selected)}</strong> package.
          </span>
          <Link to="/pricing">See all plans</Link>
        </Filter>
      ) : null}
      {shown.length === 0 ? (
        <EmptyState>This package has no pricing plans.</EmptyState>
      ) : (
        <PlanGrid aria-label="Pricing plans">
          {shown.map((plan) => (
            <li key={plan.id}>
              <PricingCard plan={plan} name={packageName(packages, plan.package)} highlighted={plan.package === selected} />
            </li>
          ))}
        </PlanGrid>
      )}
      {selected !== null && shown.length > 0 ? <PackageToCart packageName={packageName(packages, selected)} pricing={shown} /> : null}
    </>
  );
}

function PricingCard({ plan, name, highlighted }: { plan: PricingPlan; name: string; highlighted: boolean }) {
  const headingId = useId();
  const features = splitLines(plan.features);
  return (
    <PlanCard as="article" aria-labelledby={headingId} highlighted={highlighted}>
      <h2 id={headingId}>{name}</h2>
      <p className="price">
        {dollars(plan.price)}
        {plan.billing_period ? <span>/ {plan.billing_period}</span> : null}
      </p>
      <p className="billed">{billedText(plan.billing_period)}</p>
      {features.length > 0 ? (
        <ul>
          {features.map((line, i) => (
            <li key={i}>{line}</li>
          ))}
        </ul>
      ) : null}
      <ButtonLink
        to={`/pricing?package=${plan.package}`}
        state={CHOSEN_HERE}
        aria-describedby={headingId}
        variant={highlighted ? 'primary' : 'secondary'}
      >
        Get Started
      </ButtonLink>
    </PlanCard>
  );
}
