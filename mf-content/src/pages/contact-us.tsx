import styled from '@emotion/styled';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Button, Card, Page, TextArea, TextField, theme } from 'shared/ui';

export const CONTACTS = [
  { label: 'Support', email: 'support@hosthub.example', text: 'Questions about your account, domains or hosting.' },
  { label: 'Partnerships', email: 'partners@hosthub.example', text: 'Resellers, agencies and business partnerships.' },
  { label: 'API', email: 'api@hosthub.example', text: 'Integrations and help with our API.' },
] as const;
export const POSTAL_ADDRESS = ['HostHub Ltd.', '12 Admiralty Way, Lekki Phase 1', 'Lagos, Nigeria'] as const;

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
`;

/** The contact page (/contact-us and /help). 'Send Message' only logs the form locally: the spec sends nothing. */
export function ContactUsPage() {
  const [values, setValues] = useState<Record<FieldName, string>>({ full_name: '', email: '', company: '', name: '', message: '' });
  const onChange = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    setValues((v) => ({ ...v, [event.target.name]: event.target.value }));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    console.log(values);
  };
  return (
    <Page>
      <h1>Contact us</h1>
      <Layout>
        <Card as="section" aria-labelledby="contact-form-title">
          <h2 id="contact-form-title">Send us a message</h2>
          {/* Required is said once here and by each field's `required`, not by a '*' in the labels: a label must
              read exactly 'Name', 'Full Name'... to be found by its words. The form does not enforce it (spec 5). */}
          <p className="required-note">All fields are required.</p>
          <form onSubmit={onSubmit} noValidate>
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
          <h2>Postal address</h2>
          <address>
            {POSTAL_ADDRESS.map((line) => (
              <span key={line} style={{ display: 'block' }}>
                {line}
              </span>
            ))}
          </address>
        </section>
      </Layout>
    </Page>
  );
}
