import { api } from 'shared/api-client';
import { walletBalanceSchema } from './schemas';

export interface WalletBalance {
  balance: number;
  code: string;
}

/**
 * GET payment/wallet-balance/: the customer's wallet, its most recently used currency first (null when there is none
 * yet), and the balances held in other currencies (a refund or a staff credit in the other one), non-zero only.
 */
export async function getWalletBalance(): Promise<(WalletBalance & { others: WalletBalance[] }) | null> {
  const list = (await api.get('payment/wallet-balance/').json(walletBalanceSchema)).map((w) => {
    const balance = Number(w.balance);
    return { balance: Number.isFinite(balance) ? balance : 0, code: w.currency.code };
  });
  const [first, ...rest] = list;
  if (!first) return null;
  return { ...first, others: rest.filter((w) => w.balance !== 0) };
}
