// Whether the signed-in user is staff (GET core/me/ carries `role`, issue 16): the account menu then shows 'Staff'.
// Asked once per session token; any failure means no link (the API is the one that enforces roles).
import { useEffect, useState } from 'react';
import { api } from 'shared/api-client';
import { useSession } from 'shared/session';

const known = new Map<string, Promise<boolean>>();

export function useIsStaff(): boolean {
  const access = useSession()?.access ?? null;
  const [staff, setStaff] = useState(false);
  useEffect(() => {
    if (!access) {
      setStaff(false);
      return undefined;
    }
    let live = true;
    let request = known.get(access);
    if (!request) {
      request = api
        .get('core/me/')
        .json<{ data: { role?: string } }>()
        .then((r) => Boolean(r.data.role && r.data.role !== 'customer'))
        .catch(() => {
          known.delete(access);
          return false;
        });
      known.set(access, request);
    }
    void request.then((value) => live && setStaff(value));
    return () => {
      live = false;
    };
  }, [access]);
  return staff;
}
