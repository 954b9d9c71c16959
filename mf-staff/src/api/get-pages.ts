import { api } from 'shared/api-client';

export interface Pages {
  policies: { kind: string; body: string; version?: string }[];
  faqs: { id: number; question: string; answer: string; version?: string }[];
  company: { about_us: string; address: string; phone_number: string; email: string; version?: string } | null;
}
/** GET staff/content/pages/: policies, FAQs, company details. */
export const getPages = () => api.get('staff/content/pages/').json<Pages>();
