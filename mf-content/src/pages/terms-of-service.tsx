import { getTermsConditions } from '../api/get-terms-conditions';
import { PolicyPage } from '../components/policy-page';

export function TermsOfServicePage() {
  return <PolicyPage title="Terms and Conditions" load={getTermsConditions} />;
}
