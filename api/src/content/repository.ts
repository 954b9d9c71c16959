// Reads of public content, already in the wire shapes of WIRE.md. Images are stored as /static/... paths and become
// absolute URLs on API_BASE_URL here.
import { asc, desc, eq } from 'drizzle-orm';
import type { Executor } from '../db';
import {
  blogPosts,
  companyDetails,
  faqs,
  hostingPlans,
  managerServices,
  packages,
  policies,
  pricingPlans,
  services,
  slideImages,
  testimonials,
} from '../db/schema';

/** Integer minor units to a number in major units (1250 -> 12.5). */
export const toMajor = (minor: number) => Math.round(minor) / 100;

export class ContentRepository {
  constructor(
    private readonly db: Executor,
    private readonly baseUrl: string,
  ) {}

  private url(p: string): string {
    return /^https?:\/\//.test(p) ? p : `${this.baseUrl}${p.startsWith('/') ? '' : '/'}${p}`;
  }

  /** A policy's HTML goes through `fill` (the company details put in its placeholders, ./placeholders.ts). */
  async policies(kind: 'privacy' | 'terms' | 'return', fill: (html: string) => string = (html) => html) {
    const rows = await this.db.select().from(policies).where(eq(policies.kind, kind)).orderBy(asc(policies.id));
    const field = { privacy: 'privacy_policy', terms: 'terms_and_condition', return: 'return_and_exchange_policy' }[kind];
    return rows.map((r) => ({ id: r.id, [field]: fill(r.body) }));
  }

  async faqs() {
    const rows = await this.db.select().from(faqs).orderBy(asc(faqs.position), asc(faqs.id));
    return rows.map((r) => ({ id: r.id, question: r.question, answer: r.answer }));
  }

  async slides() {
    const rows = await this.db.select().from(slideImages).orderBy(asc(slideImages.position), asc(slideImages.id));
    return rows.map((r) => ({ id: r.id, image: this.url(r.image), alt: r.alt }));
  }

  async packages() {
    const rows = await this.db.select().from(packages).orderBy(asc(packages.position), asc(packages.id));
    return rows.map((r) => ({ id: r.id, name: r.name, description: r.description }));
  }

  async pricingPlans() {
    const pkgs = await this.packages();
    const index = new Map(pkgs.map((p, i) => [p.id, i + 1]));
    const rows = await this.db.select().from(pricingPlans).orderBy(asc(pricingPlans.position), asc(pricingPlans.id));
    return rows.map((r) => ({
      id: r.id,
      // 1-based position in /manager/packages/ (what the pricing page's ?package= refers to).
      package: index.get(r.packageId) ?? null,
      price: toMajor(r.priceMinor),
      currency: r.currency,
      billing_period: r.billingPeriod,
      features: r.features,
    }));
  }

  async testimonials() {
    const rows = await this.db.select().from(testimonials).orderBy(asc(testimonials.sort), asc(testimonials.id));
    return rows.map((r) => ({ id: r.id, name: r.name, position: r.position, message: r.message, image: this.url(r.image) }));
  }

  async companyDetails() {
    const rows = await this.db.select().from(companyDetails).orderBy(asc(companyDetails.id));
    return rows.map((r) => ({ id: r.id, about_us: r.aboutUs, address: r.address, phone_number: r.phoneNumber, email: r.email }));
  }

  async managerServices() {
    const rows = await this.db.select().from(managerServices).orderBy(asc(managerServices.position), asc(managerServices.id));
    return rows.map((r) => ({ id: r.id, title: r.title, description: r.description, image: this.url(r.image) }));
  }

  async services(onlyType?: 'domain' | 'hosting') {
    const svc = await this.db
      .select()
      .from(services)
      .where(onlyType ? eq(services.type, onlyType) : undefined)
      .orderBy(asc(services.id));
    const plans = await this.db.select().from(hostingPlans).orderBy(asc(hostingPlans.position), asc(hostingPlans.id));
    return svc.map((s) => ({
      id: s.id,
      name: s.name,
      description: s.description,
      image: this.url(s.image),
      type: s.type,
      hosting_plans: plans
        .filter((p) => p.serviceId === s.id)
        .map((p) => ({
          id: p.id,
          name: p.name,
          price: toMajor(p.priceMinor),
          currency: p.currency,
          description: p.description,
          service: p.serviceId,
        })),
    }));
  }

  async blogPosts() {
    // Drafts (unpublished, issue 16) are not public.
    const rows = await this.db.select().from(blogPosts).where(eq(blogPosts.published, true)).orderBy(desc(blogPosts.createdAt), desc(blogPosts.id));
    return rows.map((r) => ({
      id: r.id,
      slug: r.slug,
      title: r.title,
      content: r.content,
      image: this.url(r.image),
      author: r.author,
      created_at: r.createdAt.toISOString(),
    }));
  }
}
