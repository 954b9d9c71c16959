import { startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { api } from 'shared/api-client';
import { messageSchema, webauthnOptionsSchema } from './schemas';

/**
 * Recent authentication with a passkey (the password's is shared/reauth's reauthWithPassword): options bound to this
 * session, the browser's prompt, then POST core/reauth/.
 */
export async function reauthWithPasskey() {
  const options = await api.post('core/reauth/passkey-options/', { json: {} }).json(webauthnOptionsSchema);
  const passkey = await startAuthentication({ optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON });
  return api.post('core/reauth/', { json: { passkey } }).json(messageSchema);
}
