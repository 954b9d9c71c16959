import { api } from 'shared/api-client';
import { walletHistorySchema, type WalletHistory } from './schemas';

/**
 * GET payment/wallet-history/?currency=: the wallet's entries in that currency, newest first (deposits, payments,
 * refunds, staff credits and debits, without the staff's reasons), with its balance.
 */
export function getWalletHistory(currency: string): Promise<WalletHistory> {
  return api.get('payment/wallet-history/', { searchParams: { currency } }).json(walletHistorySchema);
}
