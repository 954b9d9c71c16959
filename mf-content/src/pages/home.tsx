import styled from '@emotion/styled';
import type { ComponentProps } from 'react';
import { Link } from 'react-router-dom';
import { formatMoney } from 'shared/format';
import { ButtonLink, Lines, Page, PageMeta, theme } from 'shared/ui';
import { getCompanyDetails } from '../api/get-company-details';
import { getFaqs } from '../api/get-faqs';
import { getHostingServices } from '../api/get-hosting-services';
import { getManagerServices } from '../api/get-manager-services';
import { getPackages } from '../api/get-packages';
import { getSlides } from '../api/get-slides';
import { getTestimonials } from '../api/get-testimonials';
import cardDomain from '../assets/card-domain.webp';
import cardHosting from '../assets/card-hosting.webp';
import cardTransfer from '../assets/card-transfer.webp';
import featurePlans from '../assets/feature-plans.webp';
import featureServer from '../assets/feature-server.webp';
import heroImage from '../assets/hero.svg';
import iconFunctional from '../assets/icon-functional.webp';
import iconSecure from '../assets/icon-secure.webp';
import iconSupport from '../assets/icon-support.webp';
import { DomainSearch } from '../components/domain-search';
import { FaqList } from '../components/faq-list';
import { Slideshow, SLIDE_HEIGHT, SLIDE_WIDTH } from '../components/slideshow';
import { useLoad, type Load } from 'shared/load';

/** Where 'Hire Us' writes to when the company details are not available. */
export const FALLBACK_HIRE_EMAIL = 'support@hosthub.example';

const Main = styled(Page)`
  width: 100%; padding: 0;
  h2 { font-size: clamp(1.5rem, 3vw, 2rem); margin: 0 0 .75rem; line-height: 1.25; }
  h3 { line-height: 1.3; }
`;

/**
 * A band of the page. `later`: one below the first screen, whose style, layout and paint the browser skips until it
 * comes near the viewport (`content-visibility: auto`; its size meanwhile the last one it had, or about a screen's).
 * The first layout of the server-rendered page was its longest task (32 ms of 568 boxes, most of them out of sight).
 * Skipped content stays in the page: found by find-in-page, read by screen readers, reached by Tab and by anchors.
 */
const Section = styled.section<{ tone?: 'soft' | 'dark'; later?: boolean }>`
  padding: 3.5rem 1rem;
  ${(p) => (p.later ? 'content-visibility: auto; contain-intrinsic-height: auto 720px;' : '')}
  background: ${(p) => (p.tone === 'soft' ? theme.color.primarySoft : p.tone === 'dark' ? theme.color.dark : 'transparent')};
  color: ${(p) => (p.tone === 'dark' ? '#fff' : 'inherit')};
  scroll-margin-top: 1rem;
  /* The header's content is 1200px wide less its 1rem side padding: the sections' content lines up with it. */
  > div { width: min(calc(1200px - 2rem), 100%); margin: 0 auto; }
  p.lead { color: ${(p) => (p.tone === 'dark' ? '#e4e4f0' : theme.color.muted)}; margin: 0 0 2rem; max-width: 60ch; }
`;

const Hero = styled.div`
  display: grid; gap: 2rem; align-items: center;
  ${theme.breakpoint.md} { grid-template-columns: 5fr 7fr; }
  h1 { font-size: clamp(2rem, 5vw, 3.2rem); line-height: 1.1; margin: 1rem 0; }
  p.intro { font-size: 1.15rem; color: ${theme.color.muted}; margin: 0 0 1.5rem; max-width: 46ch; }
  .actions { display: flex; flex-wrap: wrap; gap: .75rem; }
`;

const Badge = styled.p`
  display: inline-flex; align-items: center; gap: .5rem; margin: 0; padding: .35rem .9rem; border-radius: 999px;
  background: ${theme.color.successBg}; color: ${theme.color.success}; font-weight: 700; font-size: .95rem;
  svg { width: 18px; height: 18px; }
`;

const HeroImage = styled.img`
  display: block; width: 100%; height: auto; aspect-ratio: ${SLIDE_WIDTH} / ${SLIDE_HEIGHT}; border-radius: 20px;
  object-fit: cover;
`;

/**
 * Columns for `count` cards on a wide screen: all of them up to 4, else 3 or 4 when that divides the count, else 3.
 * Rows that do not fill (5 cards: 3 then 2) are centred, so no card sits alone at the left of a row.
 */
export function gridColumns(count: number): number {
  if (count <= 4) return Math.max(count, 1);
  if (count % 3 === 0) return 3;
  if (count % 4 === 0) return 4;
  return 3;
}

const GridList = styled.ul<{ count: number }>`
  list-style: none; padding: 0; margin: 0; display: flex; flex-wrap: wrap; justify-content: center; gap: 1.25rem;
  --cols: 1;
  > li { flex: 0 0 calc((100% - (var(--cols) - 1) * 1.25rem) / var(--cols)); min-width: 0; }
  ${theme.breakpoint.sm} { --cols: ${(p) => Math.min(2, gridColumns(p.count))}; }
  ${theme.breakpoint.md} { --cols: ${(p) => gridColumns(p.count)}; }
`;
/** A grid of cards (marked, so a layout check can find every one). */
const Grid = (props: ComponentProps<typeof GridList>) => <GridList data-cards="" {...props} />;

const CardItem = styled.li`
  position: relative; background: #fff; color: ${theme.color.text}; border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius}; box-shadow: ${theme.shadow}; overflow: hidden; display: flex; flex-direction: column;
  img.cover { display: block; width: 100%; height: auto; aspect-ratio: 320 / 200; object-fit: cover; background: ${theme.color.primarySoft}; }
  .body { padding: 1.25rem; display: flex; flex-direction: column; gap: .5rem; flex: 1; }
  h3 { margin: 0; font-size: 1.15rem; }
  p { margin: 0; color: ${theme.color.muted}; }
  .more { margin-top: auto; padding-top: .5rem; font-weight: 700; }
  a.stretch::after { content: ''; position: absolute; inset: 0; }
  &:hover { border-color: ${theme.color.primary}; }
  &:focus-within { outline: 3px solid ${theme.color.primary}; outline-offset: 2px; }
  a.stretch:focus-visible { outline: none; }
`;

const Feature = styled.li`
  display: flex; gap: 1rem; align-items: flex-start;
  img { flex: none; }
  h3 { margin: 0 0 .25rem; font-size: 1.15rem; }
  p { margin: 0; color: ${theme.color.muted}; }
`;

const Block = styled.div<{ flip?: boolean }>`
  display: grid; gap: 2rem; align-items: center; margin-top: 2.5rem;
  ${theme.breakpoint.md} { grid-template-columns: 1fr 1fr; ${(p) => (p.flip ? 'img { order: 2; }' : '')} }
  img { display: block; width: 100%; height: auto; border-radius: 20px; }
  h3 { font-size: 1.5rem; margin: 0 0 1rem; }
  ul { padding-left: 1.25rem; margin: 0 0 1.5rem; display: grid; gap: .5rem; }
`;

const Quote = styled.li`
  background: #fff; border: 1px solid ${theme.color.border}; border-radius: ${theme.radius}; padding: 1.5rem;
  display: flex; flex-direction: column; gap: 1rem; box-shadow: ${theme.shadow};
  blockquote { margin: 0; color: ${theme.color.text}; }
  figcaption, .who { display: flex; align-items: center; gap: .75rem; }
  img { border-radius: 50%; object-fit: cover; }
  .name { font-weight: 700; margin: 0; }
  .position { color: ${theme.color.muted}; margin: 0; font-size: .95rem; }
`;

const Muted = styled.p`
  color: ${theme.color.muted}; margin: 0;
`;

const Row = styled.div`
  display: flex; flex-wrap: wrap; gap: 1rem; justify-content: space-between; align-items: flex-end; margin-bottom: 1.5rem;
  p { margin: 0; }
`;

const LockIcon = () => (
  <svg viewBox="0 0 24 24" aria-hidden="true">
    <rect x="5" y="10" width="14" height="10" rx="2" fill="currentColor" />
    <path d="M8 10V7a4 4 0 0 1 8 0v3" stroke="currentColor" strokeWidth="2.5" fill="none" />
  </svg>
);

/** A data section's short state line: nothing while loading, a message when the call failed or gave nothing. */
function StateLine<T>({ state, what, empty }: { state: Load<T[]>; what: string; empty: string }) {
  if (state.state === 'failed') return <Muted role="status">{`The ${what} could not be loaded right now.`}</Muted>;
  if (state.state === 'ready' && state.data.length === 0) return <Muted role="status">{empty}</Muted>;
  return null;
}

const CARDS = [
  {
    image: cardDomain,
    alt: 'A domain search bar looking up yourname.com',
    title: 'Domain Registration',
    text: 'Find a name that fits your brand and register it in minutes, with free domain protection.',
    to: '/search',
    action: 'Search domains',
  },
  {
    image: cardHosting,
    alt: 'A cloud uploading a website to connected servers',
    title: 'Web Hosting',
    text: 'Fast, reliable hosting plans for personal sites, online shops and agencies.',
    to: '/pricing',
    action: 'See pricing',
  },
  {
    image: cardTransfer,
    alt: 'A domain moving from one registrar to another',
    title: 'Domain Transfer',
    text: 'Bring the domains you already own and manage everything from one dashboard.',
    to: '/transfer-domain',
    action: 'Transfer a domain',
  },
];

const FEATURES = [
  { icon: iconFunctional, alt: 'Gear icon', title: 'Fully functional', text: 'Everything your site needs works from day one: e-mail, databases, SSL and one-click installs.' },
  { icon: iconSecure, alt: 'Padlock icon', title: 'Secure data', text: 'Daily backups, free SSL certificates and servers hardened against attacks keep your data safe.' },
  { icon: iconSupport, alt: 'Headset icon', title: '24/7 live support', text: 'Real people ready to help at any hour, by ticket or chat, whenever you need them.' },
];

function HeroSection() {
  const slides = useLoad(getSlides, { id: 'content/slides' });
  const images = slides.state === 'ready' ? slides.data.map((s) => ({ image: s.image, alt: s.alt ?? '' })) : [];
  return (
    <Section aria-labelledby="hero-title">
      <Hero>
        <div>
          <Badge>
            <LockIcon />
            SSL Certificate Guaranteed
          </Badge>
          <h1 id="hero-title">Join the Hosting Revolution.</h1>
          <p className="intro">Experience the future of web domination and supercharge your websites with our hosting plans.</p>
          <div className="actions">
            <ButtonLink to="/search">Register Domain</ButtonLink>
            <ButtonLink to="/transfer-domain" variant="secondary">
              Transfer Domain
            </ButtonLink>
          </div>
        </div>
        <div>
          {images.length ? (
            <Slideshow slides={images} />
          ) : (
            // The space below stands in for the slideshow's controls, so nothing moves when the slides arrive.
            <HeroImage
              style={{ marginBottom: 52 }}
              src={heroImage}
              alt="A website with a secure address, running on fast servers"
              width={SLIDE_WIDTH}
              height={SLIDE_HEIGHT}
              loading="eager"
              fetchPriority="high"
            />
          )}
        </div>
      </Hero>
    </Section>
  );
}

function DomainSection() {
  return (
    // Not a labelled region: a region named 'Find your perfect domain name' would also answer to the search box's
    // label, 'Domain name', and make that label ambiguous.
    <Section id="domain" tone="soft">
      <div>
        <h2>Find your perfect domain name</h2>
        <p className="lead">Search for a name and see at once whether it is free to register.</p>
        <DomainSearch />
      </div>
    </Section>
  );
}

function CardsSection() {
  return (
    <Section aria-labelledby="cards-title" later>
      <div>
        <h2 id="cards-title">Everything your website needs</h2>
        <p className="lead">Domains, hosting and transfers, all in one place.</p>
        <Grid count={CARDS.length}>
          {CARDS.map((card) => (
            <CardItem key={card.title}>
              <img className="cover" src={card.image} alt={card.alt} width={320} height={200} loading="lazy" decoding="async" />
              <div className="body">
                <h3>{card.title}</h3>
                <p>{card.text}</p>
                <Link className="stretch more" to={card.to}>
                  {card.action}
                </Link>
              </div>
            </CardItem>
          ))}
        </Grid>
      </div>
    </Section>
  );
}

function FeaturesSection() {
  return (
    <Section tone="soft" aria-labelledby="features-title" later>
      <div>
        <h2 id="features-title">Why host with us</h2>
        <p className="lead">Built for speed, safety and people who need answers fast.</p>
        <Grid count={FEATURES.length}>
          {FEATURES.map((f) => (
            <Feature key={f.title}>
              <img src={f.icon} alt={f.alt} width={64} height={64} loading="lazy" decoding="async" />
              <div>
                <h3>{f.title}</h3>
                <p>{f.text}</p>
              </div>
            </Feature>
          ))}
        </Grid>
      </div>
    </Section>
  );
}

function PackagesSection() {
  const services = useLoad(getHostingServices, { id: 'content/hosting-services' });
  const packages = useLoad(getPackages, { id: 'content/packages' });
  return (
    <Section aria-labelledby="packages-title" later>
      <div>
        <Row>
          <div>
            <h2 id="packages-title">Hosting Packages</h2>
            <p style={{ color: theme.color.muted }}>Pick the hosting that fits your project; upgrade whenever you grow.</p>
          </div>
          <ButtonLink to="/pricing" variant="secondary">
            Compare all plans
          </ButtonLink>
        </Row>
        <StateLine state={services} what="hosting packages" empty="No hosting packages available now." />
        {services.state === 'ready' && services.data.length ? (
          <Grid count={services.data.length}>
            {services.data.map((service) => {
              const prices = service.hosting_plans.map((p) => p.price);
              const from = prices.length ? Math.min(...prices) : null;
              return (
                <CardItem key={service.id}>
                  {service.image ? (
                    <img className="cover" src={service.image} alt={service.name} width={320} height={200} loading="lazy" decoding="async" />
                  ) : null}
                  <div className="body">
                    <h3>{service.name}</h3>
                    {service.description ? (
                      <p>
                        <Lines text={service.description} />
                      </p>
                    ) : null}
                    {from !== null ? (
                      <p>
                        From <strong style={{ color: theme.color.text }}>{formatMoney(from, 'USD')}</strong>/ Month
                      </p>
                    ) : null}
                    <Link className="stretch more" to={`/services-list/${service.id}`}>
                      View {service.name} plans
                    </Link>
                  </div>
                </CardItem>
              );
            })}
          </Grid>
        ) : null}
        {packages.state === 'ready' && packages.data.length ? (
          <>
            <h3 style={{ margin: '2.5rem 0 1rem', fontSize: '1.25rem' }}>Packages</h3>
            <Grid count={packages.data.length}>
              {packages.data.map((pkg, i) => (
                <CardItem key={pkg.id}>
                  <div className="body">
                    <h4 style={{ margin: 0, fontSize: '1.1rem' }}>{pkg.name}</h4>
                    {pkg.description ? (
                      <p>
                        <Lines text={pkg.description} />
                      </p>
                    ) : null}
                    <Link className="stretch more" to={`/pricing?package=${i + 1}`}>
                      See {pkg.name} pricing
                    </Link>
                  </div>
                </CardItem>
              ))}
            </Grid>
          </>
        ) : null}
      </div>
    </Section>
  );
}

function AdditionalFeaturesSection() {
  return (
    <Section tone="soft" aria-labelledby="additional-title" later>
      <div>
        <h2 id="additional-title">Additional Hosting Features</h2>
        <Block>
          <img src={featureServer} alt="Server racks guarded by a security shield" width={480} height={360} loading="lazy" decoding="async" />
          <div>
            <h3>Powerful Server and Platform</h3>
            <ul>
              <li>Better security and faster server</li>
              <li>No downtime website transfers</li>
            </ul>
            <ButtonLink to="/dashboard/">Get Started</ButtonLink>
          </div>
        </Block>
        <Block flip>
          <img src={featurePlans} alt="Three hosting plan cards, the middle one highlighted" width={480} height={360} loading="lazy" decoding="async" />
          <div>
            <h3>Get the Best plans for more Power</h3>
            <ul>
              <li>We&apos;ve been supporting WordPress since the beginning.</li>
              <li>Perfect for large sites or agencies managing multiple clients</li>
              <li>Our easy-to-use control panel and API let you spend.</li>
            </ul>
            <ButtonLink to="/dashboard/">Get Started</ButtonLink>
          </div>
        </Block>
      </div>
    </Section>
  );
}

function FaqSection() {
  const faqs = useLoad(getFaqs, { id: 'content/faqs' });
  return (
    <Section aria-labelledby="faq-title" later>
      <div>
        <h2 id="faq-title">Frequently Asked Questions</h2>
        <p className="lead">Answers to what customers ask us most.</p>
        <StateLine state={faqs} what="questions" empty="No questions available now." />
        {faqs.state === 'ready' ? <div style={{ maxWidth: 860 }}><FaqList faqs={faqs.data} /></div> : null}
      </div>
    </Section>
  );
}

function TestimonialsSection() {
  const testimonials = useLoad(getTestimonials, { id: 'content/testimonials' });
  return (
    <Section tone="soft" aria-labelledby="testimonials-title" later>
      <div>
        <h2 id="testimonials-title">What our customers say</h2>
        <p className="lead">Businesses across Africa and beyond trust us with their websites.</p>
        <StateLine state={testimonials} what="testimonials" empty="No testimonials available now." />
        {testimonials.state === 'ready' && testimonials.data.length ? (
          <Grid count={testimonials.data.length}>
            {testimonials.data.map((t) => (
              <Quote key={t.id}>
                <figure style={{ margin: 0, display: 'flex', flexDirection: 'column', gap: '1rem' }}>
                  <blockquote>
                    <p style={{ margin: 0 }}>
                      <Lines text={t.message ?? ''} />
                    </p>
                  </blockquote>
                  <figcaption>
                    {t.image ? <img src={t.image} alt={`Photo of ${t.name}`} width={56} height={56} loading="lazy" decoding="async" /> : null}
                    <span>
                      <span className="name" style={{ display: 'block' }}>{t.name}</span>
                      {t.position ? <span className="position" style={{ display: 'block' }}>{t.position}</span> : null}
                    </span>
                  </figcaption>
                </figure>
              </Quote>
            ))}
          </Grid>
        ) : null}
      </div>
    </Section>
  );
}

function ServicesSection() {
  const services = useLoad(getManagerServices, { id: 'content/manager-services' });
  const company = useLoad(getCompanyDetails, { id: 'content/company' });
  const email = (company.state === 'ready' && company.data?.email) || FALLBACK_HIRE_EMAIL;
  return (
    <Section id="services" tone="dark" aria-labelledby="services-title" later>
      <div>
        <Row>
          <div>
            <h2 id="services-title">Our Services</h2>
            <p style={{ color: '#e4e4f0' }}>Need a hand building or moving your site? Our team does it for you.</p>
          </div>
          <a
            href={`mailto:${email}`}
            style={{ background: '#fff', color: theme.color.primary, fontWeight: 700, padding: '.7rem 1.4rem', borderRadius: theme.radius,
              textDecoration: 'none', minHeight: 44, display: 'inline-flex', alignItems: 'center' }}
          >
            Hire Us
          </a>
        </Row>
        {services.state === 'failed' ? <p role="status" style={{ color: '#e4e4f0' }}>The services could not be loaded right now.</p> : null}
        {services.state === 'ready' && services.data.length ? (
          <Grid count={services.data.length}>
            {services.data.map((s) => (
              <CardItem key={s.id}>
                {s.image ? <img className="cover" src={s.image} alt={s.title} width={320} height={200} loading="lazy" decoding="async" /> : null}
                <div className="body">
                  <h3>{s.title}</h3>
                  {s.description ? (
                    <p>
                      <Lines text={s.description} />
                    </p>
                  ) : null}
                </div>
              </CardItem>
            ))}
          </Grid>
        ) : null}
      </div>
    </Section>
  );
}

export function HomePage() {
  return (
    <Main>
      <PageMeta
        title="Domain Registration and Web Hosting"
        description="Join the Hosting Revolution: search, register and transfer domain names, buy web hosting plans and manage them from one dashboard, with 24/7 live support."
        path="/"
      />
      <HeroSection />
      <DomainSection />
      <CardsSection />
      <FeaturesSection />
      <PackagesSection />
      <AdditionalFeaturesSection />
      <FaqSection />
      <TestimonialsSection />
      <ServicesSection />
    </Main>
  );
}
