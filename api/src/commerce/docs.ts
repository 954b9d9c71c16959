// OpenAPI tags and summaries for the commerce routes (documentation only: bodies are checked with valibot in the
// handlers, and WIRE.md has the response shapes).
const token = [{ token: [] as string[] }];

export const doc = (tag: string, summary: string, auth: 'required' | 'optional' | 'none' = 'none') => ({
  tags: [tag],
  summary,
  ...(auth === 'none' ? {} : { security: auth === 'required' ? token : [...token, {}] }),
});

type Field = { type: 'string' | 'integer' | 'number' | 'boolean' | 'object' | 'array'; description?: string; enum?: string[]; items?: Field; properties?: Record<string, Field> };
const str = (description?: string): Field => ({ type: 'string', ...(description ? { description } : {}) });
const int = (description?: string): Field => ({ type: 'integer', ...(description ? { description } : {}) });
const object = (properties: Record<string, Field>, required: string[] = []) => ({
  type: 'object' as const,
  properties,
  ...(required.length ? { required } : {}),
});
const query = (properties: Record<string, Field>) => object(properties);
const oneOf = (values: string[]): Field => ({ type: 'string', enum: values });
const METHODS = ['wallet', 'fiat_payment_gateway', 'crypto_payment_gateway'];
const currency = str('ISO code of a currency sold here (USD, NGN); default: the cart’s or the first');

/**
 * Request bodies and query strings of the commerce routes, for /docs and for the fuzz test that reads /docs/json
 * (the handlers validate with valibot; these describe what they read). Applied by the commerce plugin's onRoute hook.
 */
export const REQUEST_DOCS: Record<string, { body?: object; querystring?: object; params?: object }> = {
  'GET /domain/suggestions/': { querystring: query({ domain: str('the name typed'), page: int(), currency }) },
  'GET /domain/check/:domain': { querystring: query({ currency }) },
  'POST /domain/check-transfer-eligibility/': { body: object({ domain: str(), currency }, ['domain']) },
  'GET /api/cart/': { querystring: query({ currency }) },
  'POST /api/cart/': {
    body: object(
      {
        service_id: int(),
        product_id: int(),
        currency,
        metadata: { type: 'object', properties: { domain_name: str(), is_transfer: { type: 'boolean' }, epp_code: str() } },
      },
      ['service_id', 'product_id'],
    ),
  },
  'PATCH /api/cart/items/:id/': {
    body: object({ nameservers: { type: 'array', items: str() }, protection: { type: 'boolean' } }),
  },
  'POST /api/cart/remove_item/': { body: object({ item_id: int() }, ['item_id']) },
  'GET /api/vat-calculate/': { querystring: query({ cart_id: str(), currency }) },
  'POST /api/checkout/': {
    body: object({ payment_kind: oneOf(METHODS), currency }, ['payment_kind']),
  },
  'POST /api/invoices/:id/pay/': { body: object({ payment_kind: oneOf(METHODS) }, ['payment_kind']) },
  'POST /payment/deposit/initiate-payment/': {
    body: object({ amount: int('major units'), currency, payment_kind: oneOf(METHODS.slice(1)) }, ['amount']),
  },
  'POST /payment/webhook/:provider/': {
    params: object({ provider: oneOf(['sandbox', 'paystack', 'coinbase']) }, ['provider']),
    body: object({
      event: oneOf(['charge.success', 'charge.failed']),
      data: { type: 'object', properties: { reference: str(), amount: int('minor units'), currency: str() } },
    }),
  },
  'POST /ticket/tickets/': { body: object({ title: str(), description: str(), priority: oneOf(['low', 'medium', 'high']) }, ['title', 'description', 'priority']) },
  'PATCH /ticket/tickets/:id/': { body: object({ status: oneOf(['Open', 'Answered', 'Customer-Reply', 'Closed']), priority: oneOf(['low', 'medium', 'high']), assigned_to: int() }) },
  'POST /ticket/replies/': { body: object({ message: str(), ticket: int() }, ['message', 'ticket']) },
  'GET /ticket/replies': { querystring: query({ ticket_id: int() }) },
};
