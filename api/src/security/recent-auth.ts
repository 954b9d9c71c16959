// Recent re-authentication (issue 17): `preHandler: app.requireRecentAuth` on a route lets it run only when the
// session proved the password or a passkey in the last 10 minutes (a login counts; so does POST /core/reauth/).
// Otherwise: 403 {detail: REAUTH_REQUIRED}, which the storefront turns into a password prompt and retries.
// It authenticates by itself (401 as requireUser), so one line is all a route needs.
import fp from 'fastify-plugin';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { eq } from 'drizzle-orm';
import { REAUTH_REQUIRED, RECENT_AUTH_MINUTES } from 'shared/schemas';
import { authTokens } from '../db/schema';
import { detailError } from '../http/errors';

export const RECENT_AUTH_MS = RECENT_AUTH_MINUTES * 60 * 1000;

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler: requireUser, then 403 REAUTH_REQUIRED unless the session re-authenticated in the last 10 minutes. */
    requireRecentAuth: preHandlerAsyncHookHandler;
  }
}

export const recentAuthPlugin = fp(
  async (app) => {
    app.decorate('requireRecentAuth', async function (this: unknown, request: FastifyRequest, reply) {
      if (!request.user) await app.requireUser.call(app, request, reply);
      const rows = await app.db.orm
        .select({ at: authTokens.authenticatedAt })
        .from(authTokens)
        .where(eq(authTokens.id, request.user!.sessionId))
        .limit(1);
      const at = rows[0]?.at;
      if (!at || app.clock.now().getTime() - at.getTime() > RECENT_AUTH_MS) throw detailError(403, REAUTH_REQUIRED);
    });
  },
  { name: 'storefront-recent-auth', dependencies: ['storefront-auth'] },
);

/** Marks the session as just re-authenticated. */
export async function markAuthenticated(app: { db: { orm: import('../db').Executor }; clock: { now(): Date } }, sessionId: number) {
  await app.db.orm.update(authTokens).set({ authenticatedAt: app.clock.now() }).where(eq(authTokens.id, sessionId));
}
