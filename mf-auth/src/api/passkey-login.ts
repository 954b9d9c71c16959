import { startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { api } from 'shared/api-client';
import { passkeyOptionsSchema, sessionResponseSchema } from './schemas';

/**
 * The passkey step of a login: POST /core/login/passkey-options/ (a challenge bound to this login attempt), the
 * browser's passkey prompt, then POST /core/login/passkey/ with its answer. Answers a session.
 */
export async function passkeyLogin() {
  const options = await api.post('core/login/passkey-options/', { json: {} }).json(passkeyOptionsSchema);
  const response = await startAuthentication({ optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON });
  return api.post('core/login/passkey/', { json: { response } }).json(sessionResponseSchema);
}
