import styled from '@emotion/styled';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Button, Card, Page, PageMeta, SkeletonBlock, TextArea, TextField, theme } from 'shared/ui';
import { getCompanyDetails } from '../api/get-company-details';
import { useLoad } from 'shared/load';
import { CompanyContact } from '../components/company-contact';

export const CONTACTS = [
  { label: 'Support', email: 'support@hosthub.example', text: 'Questions about your account, domains or hosting.' },
  { label: 'Partnerships', email: 'partners@hosthub.example', text: 'Resellers, agencies and business partnerships.' },
  { label: 'API', email: 'api@hosthub.example', text: 'Integrations and help with our API.' },
] as const;
/** Said on screen after 'Send Message': the spec sends nothing, so the page says the message stayed here. */
export const NOTED_TEXT =
  'Thank you: your message was noted on this device only, and has not been sent. To reach us now, write to one of the addresses on this page.';

const FIELDS = [
  { name: 'full_name', label: 'Full Name', type: 'text', autoComplete: 'name' },
  { name: 'email', label: 'Email Address', type: 'email', autoComplete: 'email' },
  { name: 'company', label: 'Company', type: 'text', autoComplete: 'organization' },
  { name: 'name', label: 'Name', type: 'text', autoComplete: 'off' },
] as const;
type FieldName = (typeof FIELDS)[number]['name'] | 'message';

const Layout = styled.div`
  display: grid; gap: 2rem; align-items: start;
  ${theme.breakpoint.md} { grid-template-columns: 3fr 2fr; }
  .required-note { margin: -.5rem 0 1rem; color: ${theme.color.muted}; }
  h2 { font-size: 1.2rem; margin: 0 0 1rem; }
  ul { list-style: none; padding: 0; margin: 0 0 1.5rem; display: grid; gap: 1rem; }
  li p { margin: 0; color: ${theme.color.muted}; }
  address { font-style: normal; line-height: 1.6; }
  a { overflow-wrap: anywhere; }
  .noted { margin: 1rem 0 0; padding: 1rem 1.25rem; border-radius: ${theme.radius}; background: ${theme.color.successBg};
    color: ${theme.color.success}; font-weight: 600; }
  dl { margin: 0; display: grid; gap: .5rem; }
  dt { font-weight: 700; }
  dd { margin: 0 0 .5rem; }
`;

/** The contact page (/contact-us and /help). 'Send Message' only logs the form locally: the spec sends nothing. */
export function ContactUsPage() {
  const [values, setValues] = useState<Record<FieldName, string>>({ full_name: '', email: '', company: '', name: '', message: '' });
  const onChange = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    setValues((v) => ({ ...v, [event.target.name]: event.target.value }));
  const [noted, setNoted] = useState(0);
  const company = useLoad(getCompanyDetails, { id: 'content/company' });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    console.log(values);
    setNoted((n) => n + 1);
  };
  return (
    <Page>
      {/* /help shows this page too: one canonical address for both. */}
      <PageMeta
        title="Contact us"
        description="Write to HostHub's support, partnership or API teams, find our office in Lagos, or send us a message."
        path="/contact-us"
      />
      <h1>Contact us</h1>
      <Layout>
        <Card as="section" aria-labelledby="contact-form-title">
          <h2 id="contact-form-title">Send us a message</h2>
          {/* Required is said once here and by each field's `required`, not by a '*' in the labels: a label must
              read exactly 'Name', 'Full Name'... to be found by its words. The form does not enforce it (spec 5). */}
          <p className="required-note">All fields are required.</p>
          {/* POST: without scripts the browser would put the message and the address into the URL (and the logs). */}
          <form method="post" onSubmit={onSubmit} noValidate>
            {FIELDS.map((f) => (
              <TextField
                key={f.name}
                label={f.label}
                required
                name={f.name}
                type={f.type}
                autoComplete={f.autoComplete}
                value={values[f.name]}
                onChange={onChange}
              />
            ))}
            <TextArea
              label="Your Message"
              required
              name="message"
              value={values.message}
              onChange={onChange}
            />
            <Button type="submit">Send Message</Button>
            {/* Keyed by the count, so a second submit is announced again. */}
            <p className="noted" role="status" key={noted} hidden={noted === 0}>
              {noted > 0 ? NOTED_TEXT : null}
            </p>
          </form>
        </Card>
        <section aria-labelledby="contact-reach-title">
          <h2 id="contact-reach-title">Reach us directly</h2>
          <ul>
            {CONTACTS.map((c) => (
              <li key={c.label}>
                <strong>{c.label}: </strong>
                <a href={`mailto:${c.email}`}>{c.email}</a>
                <p>{c.text}</p>
              </li>
            ))}
          </ul>
          {/* One source for the company's address, phone and mail: the company details (as on the About page). */}
          <h2>Postal address</h2>
          {company.state === 'loading' ? (
            <div aria-busy="true" style={{ display: 'grid', gap: '.5rem' }}>
              <span className="visually-hidden">Loading the company information…</span>
              <SkeletonBlock w="70%" />
              <SkeletonBlock w="55%" />
              <SkeletonBlock w="40%" />
            </div>
          ) : company.state === 'failed' || !company.data ? (
            <p role="status">The company's address could not be loaded right now.</p>
          ) : (
            <address>
              <CompanyContact company={company.data} />
            </address>
          )}
        </section>
      </Layout>
    </Page>
  );
}
