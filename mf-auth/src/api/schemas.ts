// Response shapes of the account calls (api/WIRE.md 'Accounts').
import * as v from 'valibot';

export const messageSchema = v.object({ message: v.string() });
export type MessageResponse = v.InferOutput<typeof messageSchema>;

/** Submit-login-code and activation answer with a session and a message. */
export const sessionResponseSchema = v.object({
  access: v.pipe(v.string(), v.nonEmpty()),
  refresh: v.string(),
  message: v.optional(v.string(), ''),
});
export type SessionResponse = v.InferOutput<typeof sessionResponseSchema>;

export const registerResponseSchema = v.object({
  message: v.optional(v.string(), ''),
  data: v.optional(v.object({ username: v.string(), email: v.optional(v.string()) })),
});
export type RegisterResponse = v.InferOutput<typeof registerResponseSchema>;

/** Login answer: `second_factor` is present for an account with a passkey or an authenticator app. */
export const loginResponseSchema = v.object({
  message: v.string(),
  second_factor: v.optional(v.array(v.picklist(['passkey', 'totp', 'recovery_code']))),
});
export type SecondFactorMethod = 'passkey' | 'totp' | 'recovery_code';

/** WebAuthn request options as the API sends them (the browser library reads them as they are). */
export const passkeyOptionsSchema = v.looseObject({ challenge: v.string() });

export const confirmEmailResponseSchema = v.object({ message: v.string(), email: v.string() });
