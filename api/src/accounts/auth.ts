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
 * at most SESSION_CACHE_TTL_MS and never past its token's expiry; revocations made by this process (logout, refresh,
 * password reset) remove entries at once. Another process sharing a PostgreSQL database may see a revocation up to
 * SESSION_CACHE_TTL_MS late.
 */
export const SESSION_CACHE_TTL_MS = 5_000;
const SESSION_CACHE_MAX = 10_000;

export class SessionCache {
  private readonly entries = new Map<string, { user: AuthUser; until: number }>();
  get(hash: string, now: number): AuthUser | undefined {
    const e = this.entries.get(hash);
    if (!e) return undefined;
    if (e.until <= now) {
      this.entries.delete(hash);
      return undefined;
    }
    return e.user;
  }
  set(hash: string, user: AuthUser, accessExpiresAt: number, now: number): void {
    if (this.entries.size >= SESSION_CACHE_MAX) this.entries.clear();
    this.entries.set(hash, { user, until: Math.min(accessExpiresAt, now + SESSION_CACHE_TTL_MS) });
  }
  forget(match: { sessionId?: number; userId?: number }): void {
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
      forgetSessions: (match) => sessions.forget(match),
    };
    app.decorate('accounts', accounts);
    app.decorateRequest('user', null);

    const authenticate = async (request: FastifyRequest): Promise<AuthUser | null> => {
      const token = presentedToken(request);
      if (token === null) return null;
      const hash = sha256(token);
      const now = app.clock.now();
      const cached = sessions.get(hash, now.getTime());
      if (cached) return cached;
      const row = await userForAccessToken(app.db.orm, token, now);
      if (!row) throw invalidToken();
      const { accessExpiresAt, ...user } = row;
      // The sessions list's 'last seen': written at most once per cache lifetime of a token, not per request.
      await touchSession(app.db.orm, user.sessionId, now);
      sessions.set(hash, user, accessExpiresAt.getTime(), now.getTime());
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
