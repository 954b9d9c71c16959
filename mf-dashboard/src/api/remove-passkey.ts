import { api } from 'shared/api-client';

/** DELETE core/passkeys/{id} (recent authentication). */
export const removePasskey = async (id: number) => {
  await api.delete(`core/passkeys/${id}`);
};
