import { Lines } from 'shared/ui';
import type { Company } from '../api/schemas';

/** The company's address, phone and mail from its details: one source for About and Contact Us. */
export function CompanyContact({ company }: { company: Pick<Company, 'address' | 'phone_number' | 'email'> }) {
  return (
    <dl>
      {company.address ? (
        <div>
          <dt>Address</dt>
          <dd>
            <Lines text={company.address} />
          </dd>
        </div>
      ) : null}
      {company.phone_number ? (
        <div>
          <dt>Phone</dt>
          <dd>
            <a href={`tel:${company.phone_number.replace(/[^\d+]/g, '')}`}>{company.phone_number}</a>
          </dd>
        </div>
      ) : null}
      {company.email ? (
        <div>
          <dt>Email</dt>
          <dd>
            <a href={`mailto:${company.email}`}>{company.email}</a>
          </dd>
        </div>
      ) : null}
    </dl>
  );
}
