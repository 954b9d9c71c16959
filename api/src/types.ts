// What app.ts decorates the Fastify instance and requests with. Import this file's types from route modules.
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Clock } from './clock';
import type { Config } from './config';
import type { Database, Executor } from './db';
import type { User } from './db/schema';
import type { Mailer } from './mail/mailer';
import type { PasswordGuesses } from './accounts/password-guesses';

/** The authenticated user, as `request.user` after `requireUser` (or `optionalUser` with a valid token). */
export type AuthUser = Omit<User, 'passwordHash'> & {
  /** The auth_tokens row of the presented access token. */
  sessionId: number;
};

/** Passed to every hook registered with `app.accounts.onLogin`. */
export interface LoginEvent {
  user: AuthUser;
  request: FastifyRequest;
  reply: FastifyReply;
  /** The transaction that creates the session: write through it so a failure rolls the whole login back. */
  tx: Executor;
  via: 'login_code' | 'activation' | 'second_factor';
}
export type LoginHook = (event: LoginEvent) => Promise<void> | void;

export interface AccountsApi {
  /** Runs `hook` inside the transaction of every successful login (e.g. merge the visitor cart into the user's). */
  onLogin(hook: LoginHook): void;
  readonly loginHooks: readonly LoginHook[];
  /** Drops cached authentications after revoking sessions (by session or by user); call it after the commit. */
  forgetSessions(match: { sessionId?: number; userId?: number }): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    mail: Mailer;
    clock: Clock;
    accounts: AccountsApi;
    /** Wrong passwords per signed-in account (accounts/password-guesses.ts). */
    passwordGuesses: PasswordGuesses;
    /** preHandler: 401 unless a valid access token is presented; sets request.user. */
    requireUser: preHandlerAsyncHookHandler;
    /** preHandler: request.user is the user when a token is presented, null without one; 401 for a bad token. */
    optionalUser: preHandlerAsyncHookHandler;
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
}
