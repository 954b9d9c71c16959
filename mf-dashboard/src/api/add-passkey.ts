import { startRegistration, type PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { api } from 'shared/api-client';
import { addPasskeySchema, webauthnOptionsSchema } from './schemas';

/** POST core/passkeys/options/ (a challenge bound to this session), the browser's prompt, then POST core/passkeys/. */
export async function addPasskey(name: string) {
  const options = await api.post('core/passkeys/options/', { json: {} }).json(webauthnOptionsSchema);
  const response = await startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON });
  return api.post('core/passkeys/', { json: { name, response } }).json(addPasskeySchema);
}
