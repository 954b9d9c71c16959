import { getPrivacyPolicy } from '../api/get-privacy-policy';
import { PolicyPage } from '../components/policy-page';

export function PrivacyPolicyPage() {
  return <PolicyPage title="Privacy Policy" load={getPrivacyPolicy} />;
}
