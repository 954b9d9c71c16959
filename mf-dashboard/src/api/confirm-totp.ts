import { api } from 'shared/api-client';
import { recoveryCodesSchema } from './schemas';

/** POST core/totp/confirm/: the app's first code turns it on; new recovery codes come back once. */
export const confirmTotp = (code: string) => api.post('core/totp/confirm/', { json: { code } }).json(recoveryCodesSchema);
