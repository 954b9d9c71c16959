import { useState } from 'react';
import { errorData, errorText } from 'shared/api-client';
import { ReauthCancelled } from 'shared/reauth';
import { showToast } from 'shared/toast';

/** Runs a staff action: busy while it runs, the server's field errors (400) kept by field, a toast when it is done. */
export function useAction() {
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const run = async (action: () => Promise<unknown>, done: string): Promise<boolean> => {
    setBusy(true);
    setErrors({});
    try {
      await action();
      showToast('SUCCESS', done);
      return true;
    } catch (error) {
      // The password prompt closed without confirming: nothing was done, nothing to say.
      if (error instanceof ReauthCancelled) return false;
      const data = errorData(error);
      const fields: Record<string, string> = {};
      if (data && !('detail' in data)) {
        for (const [k, v] of Object.entries(data)) fields[k] = Array.isArray(v) ? v.map(String).join(' ') : String(v);
      }
      // A refusal of the whole action (a 409 conflict, say) stays on the form as `detail`, besides the toast.
      if (data && typeof data.detail === 'string') fields.detail = data.detail;
      setErrors(fields);
      if (fields.detail || !Object.keys(fields).length || fields.non_field_errors)
        showToast('ERROR', fields.non_field_errors ?? errorText(error, 'Something went wrong. Please retry.'));
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, errors, run };
}
