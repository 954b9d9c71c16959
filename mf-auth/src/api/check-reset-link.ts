import * as v from 'valibot';
import { api } from 'shared/api-client';

export const resetLinkSchema = v.object({
  state: v.picklist(['valid', 'invalid', 'expired', 'used']),
  message: v.optional(v.string()),
});
export type ResetLink = v.InferOutput<typeof resetLinkSchema>;

/** POST /core/reset-password/check/: whether the mailed link (uid, token) can still set a password; consumes nothing. */
export const checkResetLink = (uid: string, token: string) =>
  api.post('core/reset-password/check/', { json: { uid, token } }).json(resetLinkSchema);
