import { getReturnPolicy } from '../api/get-return-policy';
import { PolicyPage } from '../components/policy-page';

export function ReturnPolicyPage() {
  return (
    <PolicyPage
      title="Return Policy"
      load={getReturnPolicy}
      path="/return-policy"
      description="When and how HostHub refunds domain registrations, transfers and hosting plans."
    />
  );
}
