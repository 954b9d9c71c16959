import { getReturnPolicy } from '../api/get-return-policy';
import { PolicyPage } from '../components/policy-page';

export function ReturnPolicyPage() {
  return <PolicyPage title="Return Policy" load={getReturnPolicy} />;
}
