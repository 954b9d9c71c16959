import { api } from 'shared/api-client';
import { DOMAIN_SERVICE_ID } from 'shared/schemas';
import { addToCartAnswerSchema, type AddToCartAnswer } from './schemas';

export interface DomainCartItem {
  /** The TLD product id (the suggestion's or transfer check's `id`). */
  productId: number;
  domain: string;
  currency: string;
  transfer?: { eppCode: string } | undefined;
}

/** POST api/cart/: a domain registration, or a transfer when `transfer` is given (spec sections 3 and 7). */
export function addDomainToCart({ productId, domain, currency, transfer }: DomainCartItem): Promise<AddToCartAnswer> {
  return api
    .post('api/cart/', {
      json: {
        service_id: DOMAIN_SERVICE_ID,
        product_id: productId,
        currency,
        metadata: {
          name: domain,
          description: transfer ? `Domain transfer: ${domain}` : `Domain registration: ${domain}`,
          domain_name: domain,
          is_transfer: Boolean(transfer),
          epp_code: transfer?.eppCode ?? '',
        },
      },
    })
    .json(addToCartAnswerSchema);
}
