import { startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { api } from 'shared/api-client';
import { messageSchema, webauthnOptionsSchema } from './schemas';

/** POST core/reauth/ with the password: the session counts as recently authenticated for 10 minutes. */
export const reauthWithPassword = (password: string) => api.post('core/reauth/', { json: { password } }).json(messageSchema);

/** The same with a passkey: options bound to this session, the browser's prompt, then POST core/reauth/. */
export async function reauthWithPasskey() {
  const options = await api.post('core/reauth/passkey-options/', { json: {} }).json(webauthnOptionsSchema);
  const passkey = await startAuthentication({ optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON });
  return api.post('core/reauth/', { json: { passkey } }).json(messageSchema);
}
