import styled from '@emotion/styled';
import { useId, useState } from 'react';
import { useParams } from 'react-router-dom';
import { useCurrency } from 'shared/currency';
import { splitLines } from 'shared/format';
import { LoadState, useLoad, useNotFoundStatus } from 'shared/load';
import { showToast } from 'shared/toast';
import { Button, ButtonLink, EmptyState, LoadingOverlay, Page, PageMeta, theme } from 'shared/ui';
import { addPlanToCart } from '../api/add-plan-to-cart';
import { getServices } from '../api/get-services';
import type { HostingPlan, Service } from '../api/schemas';
import { ADDED_FALLBACK, serverErrorText } from '../components/messages';
import { dollars, PlanCard, PlanGrid } from '../components/plan-grid';

const Intro = styled.p`
  margin: 0 0 2rem; color: ${theme.color.muted}; max-width: 60ch; font-size: 1.05rem;
`;

export function ServicesListPage() {
  const { id = '' } = useParams();
  const services = useLoad(getServices, { id: 'cart/services' });
  return (
    <Page>
      {services.state !== 'ready' ? (
        <PageMeta
          title="Hosting plans"
          description="HostHub's web hosting plans: compare their features and prices and add one to your cart."
          path={`/services-list/${encodeURIComponent(id)}`}
        />
      ) : null}
      {services.state !== 'ready' ? <h1>Hosting plans</h1> : null}
      <LoadState load={services} what="hosting plans" placeholder="cards">
        {(list) => {
          const service = list.find((s) => String(s.id) === id);
          if (!service) return <ServiceNotFound id={id} />;
          return <ServicePlans service={service} />;
        }}
      </LoadState>
    </Page>
  );
}

function ServiceNotFound({ id }: { id: string }) {
  // On the server the page goes out with status 404, not as a 'soft 404' with 200.
  useNotFoundStatus();
  return (
    <>
      <PageMeta
        title="Service not found"
        description="There is no service with this address."
        path={`/services-list/${encodeURIComponent(id)}`}
        noindex
      />
      <h1>Service not found</h1>
      <EmptyState>There is no service with this address.</EmptyState>
      <ButtonLink to="/" variant="secondary">
        Go Home
      </ButtonLink>
    </>
  );
}

function ServicePlans({ service }: { service: Service }) {
  const currency = useCurrency();
  const [adding, setAdding] = useState<number | null>(null);

  const add = async (plan: HostingPlan) => {
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
    <div style={{ position: 'relative' }}>
      <LoadingOverlay show={adding !== null} label="Adding to cart…" />
      <PageMeta
        title={`${service.name} plans`}
        description={
          service.description ||
          `${service.name} from HostHub: compare the plans, their features and prices, and add one to your cart.`
        }
        path={`/services-list/${service.id}`}
      />
      <h1>{service.name}</h1>
      {service.description ? <Intro>{service.description}</Intro> : null}
      {service.hosting_plans.length === 0 ? (
        <EmptyState>No plans are available for this service yet.</EmptyState>
      ) : (
        <PlanGrid aria-label={`${service.name} plans`}>
          {service.hosting_plans.map((plan, index) => (
            <li key={plan.id}>
              <ServicePlanCard plan={plan} popular={index === 1} disabled={adding !== null} onAdd={() => void add(plan)} />
            </li>
          ))}
        </PlanGrid>
      )}
    </div>
  );
}

function ServicePlanCard({
  plan,
  popular,
  disabled,
  onAdd,
}: {
  plan: HostingPlan;
  popular: boolean;
  disabled: boolean;
  onAdd(): void;
}) {
  const headingId = useId();
  const lines = splitLines(plan.description);
  return (
    <PlanCard as="article" aria-labelledby={headingId} highlighted={popular}>
      {popular ? <p className="badge">Most popular</p> : null}
      <h2 id={headingId}>{plan.name}</h2>
      <p className="price">
        {dollars(plan.price)}
        <span>/ Month</span>
      </p>
      <p className="billed">Billed anuually</p>
      {lines.length > 0 ? (
        <ul>
          {lines.map((line, i) => (
            <li key={i}>{line}</li>
          ))}
        </ul>
      ) : null}
      <Button onClick={onAdd} disabled={disabled} aria-describedby={headingId} variant={popular ? 'primary' : 'secondary'}>
        Add to cart
      </Button>
    </PlanCard>
  );
}
