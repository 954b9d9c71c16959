import { api } from 'shared/api-client';
import { setCartCount } from 'shared/cart-count';
import { addToCartSchema, type AddToCartAnswer, type HostingPlan, type Service } from './schemas';

/** POST api/cart/: a hosting plan (service_id = the service, product_id = the plan). Keeps the header count in step. */
export async function addPlanToCart(service: Service, plan: HostingPlan, currency: string): Promise<AddToCartAnswer> {
  const answer = await api
    .post('api/cart/', {
      json: {
        service_id: service.id,
        product_id: plan.id,
        currency,
        metadata: { name: plan.name, description: plan.description ?? '' },
      },
    })
    .json(addToCartSchema);
  if (answer.data) setCartCount(answer.data.items.length);
  return answer;
}
