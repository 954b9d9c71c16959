// Wire shapes of api/WIRE.md 'Commerce' that this remote reads. Extra fields the server sends are ignored.
import * as v from 'valibot';

export const suggestionSchema = v.object({
  domain: v.string(),
  price: v.number(),
  renewal_price: v.number(),
  available: v.boolean(),
  id: v.number(),
  service: v.number(),
  /**
   * 'available' | 'registered' | 'unknown' (the registry could not be checked: neither free nor taken) | 'reserved' |
   * 'blocked'. Older servers send only `available`.
   */
  status: v.optional(v.string()),
  /** A premium name: `price` is its own premium price. */
  premium: v.optional(v.boolean(), false),
  /** What a transfer of the name costs (transfer mode shows it); older servers do not send it. */
  transfer_price: v.optional(v.number()),
  /** An internationalised name as people write it ('café.com'); `domain` is its ASCII form ('xn--caf-dma.com'). */
  domain_unicode: v.optional(v.string()),
});
export type Suggestion = v.InferOutput<typeof suggestionSchema>;

export const suggestionsSchema = v.object({
  result: v.optional(v.string()),
  suggestions: v.array(suggestionSchema),
  total_pages: v.number(),
  has_next: v.boolean(),
  /** Set when the typed extension is not sold here (the suggestions then use the extensions that are). */
  message: v.optional(v.string()),
});
export type Suggestions = v.InferOutput<typeof suggestionsSchema>;

export const transferCheckSchema = v.object({
  domain: v.string(),
  eligible: v.boolean(),
  transfer_price: v.number(),
  message: v.optional(v.nullable(v.string()), ''),
  /** Present when not eligible: the reason. */
  error: v.optional(v.nullable(v.string())),
  id: v.number(),
  service: v.number(),
});
export type TransferCheck = v.InferOutput<typeof transferCheckSchema>;

export const addToCartAnswerSchema = v.object({
  message: v.optional(v.nullable(v.string())),
});
export type AddToCartAnswer = v.InferOutput<typeof addToCartAnswerSchema>;

/** Only what the search page needs from the cart: which domain names are in it. */
export const cartDomainsSchema = v.object({
  items: v.array(v.object({ metadata: v.nullish(v.object({ domain_name: v.nullish(v.string()) })) })),
});
