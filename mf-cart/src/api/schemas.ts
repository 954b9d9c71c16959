// Wire shapes of api/WIRE.md ('Commerce' and 'Content') that this remote reads, parsed once at the edge.
// Lenient where the wire may send null or a numeric string; extra fields the server sends are ignored.
import * as v from 'valibot';

const id = v.union([v.number(), v.string()]);
const text = v.nullish(v.string());
/** Money in major units; a numeric string is accepted and read as a number. */
const amount = v.pipe(
  v.union([v.number(), v.string()]),
  v.transform((value) => {
    const n = typeof value === 'number' ? value : Number(value);
    return Number.isFinite(n) ? n : 0;
  }),
);

export const cartItemSchema = v.object({
  id: v.number(),
  service: v.number(),
  price: amount,
  metadata: v.optional(
    v.object({
      domain_name: text,
      domain: text,
      name: text,
      description: text,
      nameservers: v.nullish(v.array(v.string())),
      is_transfer: v.nullish(v.boolean()),
      protection: v.nullish(v.boolean()),
    }),
    {},
  ),
});
export type CartItem = v.InferOutput<typeof cartItemSchema>;

export const cartSchema = v.object({
  id: v.nullish(id),
  currency: text,
  items: v.array(cartItemSchema),
  /**
   * Not in WIRE.md today: a server that wants a hosting plan with a domain-only cart may say so here, and the cart then
   * offers 'Add Hosting' (spec section 2). Under the current rule (issue 8) it never does.
   */
  needs_hosting: v.nullish(v.boolean()),
});
export type Cart = v.InferOutput<typeof cartSchema>;

export const messageSchema = v.object({ message: text });

export const vatSchema = v.object({ vat_amount: amount, currency: text });
export type Vat = v.InferOutput<typeof vatSchema>;

export const checkoutSchema = v.object({
  message: text,
  data: v.nullish(
    v.object({
      authorization_url: text,
      reference: text,
      invoice_id: v.nullish(id),
      invoicenum: text,
      status: text,
    }),
  ),
});
export type CheckoutAnswer = v.InferOutput<typeof checkoutSchema>;

export const addToCartSchema = v.object({
  message: text,
  data: v.nullish(v.object({ items: v.array(v.unknown()) })),
});
export type AddToCartAnswer = v.InferOutput<typeof addToCartSchema>;

export const hostingPlanSchema = v.object({
  id: v.number(),
  name: v.string(),
  price: amount,
  description: text,
  service: v.nullish(id),
});
export type HostingPlan = v.InferOutput<typeof hostingPlanSchema>;

export const serviceSchema = v.object({
  id: v.number(),
  name: v.string(),
  description: text,
  image: text,
  type: text,
  hosting_plans: v.optional(v.array(hostingPlanSchema), []),
});
export const servicesSchema = v.array(serviceSchema);
export type Service = v.InferOutput<typeof serviceSchema>;

export const pricingPlanSchema = v.object({
  id: v.number(),
  package: v.number(),
  price: amount,
  billing_period: text,
  features: text,
});
export const pricingPlansSchema = v.array(pricingPlanSchema);
export type PricingPlan = v.InferOutput<typeof pricingPlanSchema>;

export const packageSchema = v.object({ id: v.number(), name: v.string(), description: text });
export const packagesSchema = v.array(packageSchema);
export type Package = v.InferOutput<typeof packageSchema>;

/** GET payment/methods/: the methods the store offers now (a gateway method only when a provider backs it). */
export const paymentMethodsSchema = v.array(v.object({ value: v.string(), label: v.string() }));
