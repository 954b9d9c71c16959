import { api } from 'shared/api-client';
import { pricingPlansSchema, type PricingPlan } from './schemas';

/** GET manager/pricing_plans/: `package` is a 1-based index into the packages list. */
export function getPricingPlans(): Promise<PricingPlan[]> {
  return api.get('manager/pricing_plans/').json(pricingPlansSchema);
}
