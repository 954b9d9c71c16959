import { api } from 'shared/api-client';
import { transferCheckSchema, type TransferCheck } from './schemas';

/** POST domain/check-transfer-eligibility/: whether a name registered elsewhere can move here, and at what price. */
export function checkTransferEligibility(domain: string, currency: string, signal?: AbortSignal): Promise<TransferCheck> {
  return api.post('domain/check-transfer-eligibility/', { json: { domain, currency }, signal }).json(transferCheckSchema);
}
