import { api } from 'shared/api-client';
import { recoveryCodesSchema } from './schemas';

/** POST core/recovery-codes/ (recent authentication): 10 new codes replace the old ones. */
export const regenerateRecoveryCodes = () => api.post('core/recovery-codes/', { json: {} }).json(recoveryCodesSchema);
