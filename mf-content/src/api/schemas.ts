// Wire shapes of api/WIRE.md 'Content', shared by the per-call files. Lenient where the product is: an image may
// be missing, text fields may be empty; anything else fails the parse and the page shows its failure state.
import * as v from 'valibot';

const text = v.optional(v.nullable(v.string()), '');
const image = v.optional(v.nullable(v.string()), null);

export const slideSchema = v.object({ id: v.number(), image: v.string(), alt: text });
export type Slide = v.InferOutput<typeof slideSchema>;

export const faqSchema = v.object({ id: v.number(), question: v.string(), answer: text });
export type Faq = v.InferOutput<typeof faqSchema>;

export const testimonialSchema = v.object({ id: v.number(), name: v.string(), position: text, message: text, image });
export type Testimonial = v.InferOutput<typeof testimonialSchema>;

export const packageSchema = v.object({ id: v.number(), name: v.string(), description: text });
export type Package = v.InferOutput<typeof packageSchema>;

export const managerServiceSchema = v.object({ id: v.number(), title: v.string(), description: text, image });
export type ManagerService = v.InferOutput<typeof managerServiceSchema>;

const planSchema = v.object({ id: v.number(), name: v.string(), price: v.number(), description: text, service: v.number() });
export const hostingServiceSchema = v.object({
  id: v.number(),
  name: v.string(),
  description: text,
  image,
  type: v.string(),
  hosting_plans: v.optional(v.array(planSchema), []),
});
export type HostingService = v.InferOutput<typeof hostingServiceSchema>;

export const companySchema = v.object({ id: v.number(), about_us: text, address: text, phone_number: text, email: text });
export type Company = v.InferOutput<typeof companySchema>;

export const blogPostSchema = v.object({
  id: v.number(),
  slug: v.optional(v.string()),
  title: v.string(),
  content: text,
  image,
  author: text,
  created_at: text,
});
export type BlogPost = v.InferOutput<typeof blogPostSchema>;
