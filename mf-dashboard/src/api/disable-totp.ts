import { api } from 'shared/api-client';

/** DELETE core/totp/ (recent authentication). */
export const disableTotp = async () => {
  await api.delete('core/totp/');
};
