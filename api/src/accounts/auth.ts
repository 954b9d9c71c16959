// Authentication for every module: `app.requireUser` / `app.optionalUser` preHandlers and `app.accounts.onLogin`.
// Registered with fastify-plugin so the decorators are visible to every route plugin (accounts, commerce, ...).
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { detailError, invalidToken } from '../http/errors';
import type { AccountsApi, AuthUser, LoginHook } from '../types';
import { touchSession, userForAccessToken } from './repository';
import { sha256 } from './secrets';

/**
 * Recently authenticated access tokens, so a busy client does not cost a database query per request. An entry lives
 * at most SESSION_CACHE_TTL_MS and never past its token's expiry; revocations (logout, refresh, password change or
 * reset, session revoke) remove entries at once here and, on PostgreSQL, on every other node through a cluster event
 * (NOTIFY, db/events.ts): seen within milliseconds; the whole cache is cleared when the listener reconnects. Should a
 * notification be lost anyway, an entry still lives at most SESSION_CACHE_TTL_MS.
 */
export const SESSION_CACHE_TTL_MS = 5_000;
const SESSION_CACHE_MAX = 10_000;

export class SessionCache {
  private readonly entries = new Map<string, { user: AuthUser; until: number }>();
  /**
   * Raised by every eviction: a lookup that read the database before an eviction arrived must not cache what it
   * read (the row may predate the revocation), so `set` is skipped when the generation moved meanwhile.
   */
  generation = 0;
  get(hash: string, now: number): AuthUser | undefined {
    const e = this.entries.get(hash);
    if (!e) return undefined;
    if (e.until <= now) {
      this.entries.delete(hash);
      return undefined;
    }
    return e.user;
  }
  set(hash: string, user: AuthUser, accessExpiresAt: number, now: number, generation = this.generation): void {
    if (generation !== this.generation) return;
    if (this.entries.size >= SESSION_CACHE_MAX) this.entries.clear();
    this.entries.set(hash, { user, until: Math.min(accessExpiresAt, now + SESSION_CACHE_TTL_MS) });
  }
  clear(): void {
    this.generation++;
    this.entries.clear();
  }
  forget(match: { sessionId?: number; userId?: number }): void {
    this.generation++;
    for (const [k, e] of this.entries) {
      if (e.user.sessionId === match.sessionId || e.user.id === match.userId) this.entries.delete(k);
    }
  }
}

/** The token of `Authorization: Token <value>` (Bearer accepted too); null without the header. */
export function presentedToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header === undefined || header.trim() === '') return null;
  const m = /^(?:Token|Bearer)\s+([A-Za-z0-9_\-.~+/=]{1,512})\s*$/i.exec(header);
  if (!m) throw invalidToken();
  return m[1]!;
}

export const authPlugin = fp(
  async (app) => {
    const loginHooks: LoginHook[] = [];
    const sessions = new SessionCache();
    const accounts: AccountsApi = {
      onLogin(hook) {
        loginHooks.push(hook);
      },
      loginHooks,
      forgetSessions: (match) => {
        sessions.forget(match);
        void app.events.publish({ type: 'session', sessionId: match.sessionId, userId: match.userId });
      },
    };
    app.events.on('session', (e) => sessions.forget(e), () => sessions.clear());
    app.decorate('accounts', accounts);
    app.decorateRequest('user', null);

    const authenticate = async (request: FastifyRequest): Promise<AuthUser | null> => {
      const token = presentedToken(request);
      if (token === null) return null;
      const hash = sha256(token);
      const now = app.clock.now();
      const cached = sessions.get(hash, now.getTime());
      if (cached) return cached;
      const generation = sessions.generation;
      const row = await userForAccessToken(app.db.orm, token, now);
      if (!row) throw invalidToken();
      const { accessExpiresAt, ...user } = row;
      // The sessions list's 'last seen': written at most once per cache lifetime of a token, not per request.
      await touchSession(app.db.orm, user.sessionId, now);
      sessions.set(hash, user, accessExpiresAt.getTime(), now.getTime(), generation);
      return user;
    };

    app.decorate('requireUser', async (request: FastifyRequest) => {
      const user = await authenticate(request);
      if (!user) throw detailError(401, 'Authentication credentials were not provided.', { 'www-authenticate': 'Token' });
      request.user = user;
    });
    app.decorate('optionalUser', async (request: FastifyRequest) => {
      request.user = await authenticate(request);
    });
  },
  { name: 'storefront-auth' },
);
