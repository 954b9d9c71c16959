// Known devices: an HttpOnly cookie names the browser (a random value, stored as SHA-256 per user). A sign-in from a
// browser the account has not used before mails a notice, unless it is the account's first known device.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db';
import type { User } from '../db/schema';
import { knownDevices } from '../db/schema-security';
import { randomToken, sha256 } from '../accounts/secrets';
import { newDeviceMail } from '../mail/templates';
import { describeDevice } from './devices';

export const DEVICE_COOKIE = 'device';
const DEVICE_COOKIE_MAX_AGE_S = 400 * 24 * 60 * 60;

export async function noteDevice(
  app: FastifyInstance,
  tx: Executor,
  user: User,
  request: FastifyRequest,
  reply: FastifyReply,
  opts: { notify: boolean; now: Date; userAgent: string },
) {
  const presented = request.cookies[DEVICE_COOKIE];
  const device = presented && /^[A-Za-z0-9_-]{43}$/.test(presented) ? presented : randomToken();
  reply.setCookie(DEVICE_COOKIE, device, {
    path: '/core',
    httpOnly: true,
    sameSite: 'lax',
    secure: app.config.apiBaseUrl.startsWith('https://'),
    maxAge: DEVICE_COOKIE_MAX_AGE_S,
  });
  const deviceHash = sha256(`device:${device}`);
  const known = await tx
    .select({ n: sql<number>`count(*)::int`, mine: sql<boolean>`bool_or(${knownDevices.deviceHash} = ${deviceHash})` })
    .from(knownDevices)
    .where(eq(knownDevices.userId, user.id));
  const count = known[0]?.n ?? 0;
  if (known[0]?.mine) return;
  await tx.insert(knownDevices).values({ userId: user.id, deviceHash, firstSeen: opts.now }).onConflictDoNothing();
  if (opts.notify && count > 0) {
    await app.mail.send(
      newDeviceMail(app.config.productName, user, {
        device: describeDevice(opts.userAgent),
        ip: request.ip,
        when: opts.now,
        settingsUrl: `${app.config.storefrontUrl}/account-settings/security`,
      }),
      tx,
    );
  }
}

export const forgetDevices = (tx: Executor, userId: number) => tx.delete(knownDevices).where(and(eq(knownDevices.userId, userId)));
