import { api } from 'shared/api-client';
import { noticesSchema, type Notices } from './schemas';

/** GET api/lifecycle/notices/: overdue invoices and domains in Grace or Redemption, judged by the server's clock. */
export function getNotices(): Promise<Notices> {
  return api.get('api/lifecycle/notices/').json(noticesSchema);
}
