// Authentication for every module: `app.requireUser` / `app.optionalUser` preHandlers and `app.accounts.onLogin`.
// Registered with fastify-plugin so the decorators are visible to every route plugin (accounts, commerce, ...).
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { detailError, invalidToken } from '../http/errors';
import type { AccountsApi, AuthUser, LoginHook } from '../types';
import { userForAccessToken } from './repository';

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
    const accounts: AccountsApi = {
      onLogin(hook) {
        loginHooks.push(hook);
      },
      loginHooks,
    };
    app.decorate('accounts', accounts);
    app.decorateRequest('user', null);

    const authenticate = async (request: FastifyRequest): Promise<AuthUser | null> => {
      const token = presentedToken(request);
      if (token === null) return null;
      const user = await userForAccessToken(app.db.orm, token, app.clock.now());
      if (!user) throw invalidToken();
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
