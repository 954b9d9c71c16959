import { api } from 'shared/api-client';
import { walletBalanceSchema } from './schemas';

/** GET payment/wallet-balance/: the first entry is the customer's wallet; null when there is none yet. */
export async function getWalletBalance(): Promise<{ balance: number; code: string } | null> {
  const [first] = await api.get('payment/wallet-balance/').json(walletBalanceSchema);
  if (!first) return null;
  const balance = Number(first.balance);
  return { balance: Number.isFinite(balance) ? balance : 0, code: first.currency.code };
}
