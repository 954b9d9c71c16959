import { api } from 'shared/api-client';
import { walletBalanceSchema } from './schemas';

export interface WalletBalance {
  balance: number;
  code: string;
}

/**
 * GET payment/wallet-balance/: the customer's wallet in the display currency when it has that currency (else its most
 * recently used one; null when there is none yet), and the balances held in other currencies (a refund or a staff
 * credit in the other one), non-zero only. A staff credit in naira does not turn a dollar customer's headline into naira.
 */
export async function getWalletBalance(display?: string): Promise<(WalletBalance & { others: WalletBalance[] }) | null> {
  const list = (await api.get('payment/wallet-balance/').json(walletBalanceSchema)).map((w) => {
    const balance = Number(w.balance);
    return { balance: Number.isFinite(balance) ? balance : 0, code: w.currency.code };
  });
  const main = list.find((w) => w.code === display) ?? list[0];
  if (!main) return null;
  return { ...main, others: list.filter((w) => w !== main && w.balance !== 0) };
}
