import { api } from 'shared/api-client';
import { totpSetupSchema } from './schemas';

/** POST core/totp/setup/: a new secret, its otpauth URL and its QR code (SVG drawn by the API). */
export const setupTotp = () => api.post('core/totp/setup/', { json: {} }).json(totpSetupSchema);
