import { getPrivacyPolicy } from '../api/get-privacy-policy';
import { PolicyPage } from '../components/policy-page';

export function PrivacyPolicyPage() {
  return (
    <PolicyPage
      title="Privacy Policy"
      load={getPrivacyPolicy}
      path="/privacy-policy"
      description="How HostHub collects, uses and protects the personal data of its visitors and customers."
    />
  );
}
