// Starting a session after a successful login (mailed code, activation, or a second factor): the session row with
// its device details, the new-device notice, and the login hooks (cart merge), all in the caller's transaction.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Executor } from '../db';
import { users, type User } from '../db/schema';
import { noteDevice } from '../security/devices-store';
import type { LoginEvent } from '../types';
import * as repo from './repository';

export async function startUserSession(
  app: FastifyInstance,
  tx: Executor,
  user: User,
  request: FastifyRequest,
  reply: FastifyReply,
  via: LoginEvent['via'],
) {
  const now = app.clock.now();
  const userAgent = String(request.headers['user-agent'] ?? '');
  // A login proves the password (and the second factor): it counts as a recent authentication.
  const session = await repo.issueSession(tx, user.id, now, { signedInAt: now, authenticatedAt: now, userAgent, ip: request.ip });
  await tx.update(users).set({ lastLogin: now }).where(eq(users.id, user.id));
  await noteDevice(app, tx, user, request, reply, { notify: via !== 'activation', now, userAgent });
  const event: LoginEvent = { user: repo.toAuthUser(user, session.id), request, reply, tx, via };
  for (const hook of app.accounts.loginHooks) await hook(event);
  return { access: session.access, refresh: session.refresh };
}
