import { api } from 'shared/api-client';

/** DELETE core/sessions/{id}. */
export const signOutSession = async (id: number) => {
  await api.delete(`core/sessions/${id}`);
};
