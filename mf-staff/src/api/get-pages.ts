import { api } from 'shared/api-client';

export interface Pages {
  policies: { kind: string; body: string }[];
  faqs: { id: number; question: string; answer: string }[];
  company: { about_us: string; address: string; phone_number: string; email: string } | null;
  /** Each item's version, sent back with its save: a save over someone else's newer one is refused (409). */
  versions?: { policies: Record<string, string>; faqs: Record<string, string>; company: string | null };
}
/** GET staff/content/pages/: policies, FAQs, company details. */
export const getPages = () => api.get('staff/content/pages/').json<Pages>();
