// POST /core/reset-password/check/ {uid, token}: whether a password reset link can still be used, so the page it opens
// says at once that the link is invalid, expired or used (with a way to ask for a new one) instead of after the
// customer typed a new password twice. It reveals no more than POST /core/reset-password/ does, and consumes nothing.
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import { oneTimeCodes } from '../db/schema';
import { parseBody } from '../http/errors';
import { decodeUid, sha256 } from './secrets';

export type ResetLinkState = 'valid' | 'invalid' | 'expired' | 'used';

export const RESET_LINK_MESSAGES: Record<Exclude<ResetLinkState, 'valid'>, string> = {
  invalid: 'This password reset link is not valid. Check that you opened the whole link from the mail, or ask for a new one.',
  expired: 'This password reset link has expired. Please ask for a new one.',
  used: 'This password reset link has already been used (or a newer one was sent). Please ask for a new one.',
};

const CheckBody = v.object({
  uid: v.pipe(v.string('uid must be text.'), v.maxLength(64, 'uid is too long.')),
  token: v.pipe(v.string('token must be text.'), v.maxLength(256, 'token is too long.')),
});

export const resetLinkRoutes: FastifyPluginAsync = async (app) => {
  const { config, clock } = app;
  const strict = config.rateLimit.enabled ? { max: config.rateLimit.authMax, timeWindow: config.rateLimit.windowMs } : false;
  app.post(
    '/core/reset-password/check/',
    {
      schema: { tags: ['accounts'], summary: 'Whether a password reset link (uid, token) can still be used' },
      config: { rateLimit: strict },
    },
    async (request) => {
      const input = parseBody(CheckBody, request.body);
      const userId = decodeUid(input.uid);
      const [code] =
        userId === undefined
          ? []
          : await app.db.orm
              .select()
              .from(oneTimeCodes)
              .where(
                and(
                  eq(oneTimeCodes.purpose, 'password_reset'),
                  eq(oneTimeCodes.userId, userId),
                  eq(oneTimeCodes.codeHash, sha256(input.token)),
                ),
              )
              .orderBy(desc(oneTimeCodes.id))
              .limit(1);
      const state: ResetLinkState = !code
        ? 'invalid'
        : code.usedAt
          ? 'used'
          : code.expiresAt.getTime() <= clock.now().getTime()
            ? 'expired'
            : 'valid';
      return state === 'valid' ? { state } : { state, message: RESET_LINK_MESSAGES[state] };
    },
  );
};
