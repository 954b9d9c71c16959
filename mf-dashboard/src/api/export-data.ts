import { api } from 'shared/api-client';

/** GET core/export/: everything the account holds, as JSON text (saved by the page as a file). */
export const exportData = () => api.get('core/export/').text();
