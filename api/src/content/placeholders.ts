// Company details inside the policies (issue 20.4: the address, phone and mail are the same everywhere, one source).
// A policy's HTML names them by placeholder, `{{company.email}}`, and the public policy routes put the current
// company details (GET /manager/company_details/, edited at PUT /staff/content/company/) in their place, escaped, when
// they serve it. Staff write the same placeholders in a policy (PUT /staff/content/policies/{kind}/); sanitize-html
// and the staff editor (a plain text area) leave them as they are, in text and in attributes (`mailto:{{company.email}}`).

import { escapeHtml } from 'shared/format';

/** The values a policy can name, as `{{company.<key>}}`. */
export interface CompanyValues {
  /** The store's name (config.productName): the company details have no name of their own. */
  name: string;
  address: string;
  phone: string;
  email: string;
}

export const COMPANY_PLACEHOLDERS = ['name', 'address', 'phone', 'email'] as const satisfies readonly (keyof CompanyValues)[];

/** `{{company.email}}`, spaces inside the braces allowed (`{{ company.email }}`). */
const PLACEHOLDER = /\{\{\s*company\.([A-Za-z_]*)\s*\}\}/g;


const known = (key: string): key is keyof CompanyValues => (COMPANY_PLACEHOLDERS as readonly string[]).includes(key);

/** `html` with each known placeholder replaced by the company's value, escaped; unknown ones are left as written. */
export function fillCompany(html: string, company: CompanyValues): string {
  return html.replace(PLACEHOLDER, (whole, key: string) => (known(key) ? escapeHtml(company[key]) : whole));
}

/** The placeholders in `html` that name no company value (a typo such as `{{company.mail}}`), as written. */
export function unknownPlaceholders(html: string): string[] {
  return [...new Set([...html.matchAll(PLACEHOLDER)].filter((m) => !known(m[1]!)).map((m) => m[0]))];
}

/** For a hint: '{{company.name}}, {{company.address}}, {{company.phone}} or {{company.email}}'. */
export const placeholderList = () => {
  const all = COMPANY_PLACEHOLDERS.map((k) => `{{company.${k}}}`);
  return `${all.slice(0, -1).join(', ')} or ${all.at(-1)}`;
};
