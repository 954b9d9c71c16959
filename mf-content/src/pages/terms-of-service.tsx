import { getTermsConditions } from '../api/get-terms-conditions';
import { PolicyPage } from '../components/policy-page';

export function TermsOfServicePage() {
  return (
    <PolicyPage
      title="Terms and Conditions"
      load={getTermsConditions}
      path="/terms-of-service"
      description="The terms that apply to HostHub's domain registration, domain transfer and web hosting services."
    />
  );
}
