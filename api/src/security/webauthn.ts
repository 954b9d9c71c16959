// Passkeys (WebAuthn) with @simplewebauthn/server. Every challenge is stored bound to what asked for it (a session,
// or a login attempt's cookie) and is consumed before verification: single use, 5 minutes. The origin and RP ID
// come from the configuration (STOREFRONT_ORIGINS, WEBAUTHN_RP_ID): any other is refused by the verification.
import type { FastifyInstance } from 'fastify';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../db';
import { webauthnChallenges, webauthnCredentials, type ChallengePurpose, type WebauthnCredential } from '../db/schema-security';
import type { User } from '../db/schema';

export const CHALLENGE_TTL_MS = 5 * 60 * 1000;

export const sessionBinding = (sessionId: number) => `session:${sessionId}`;
export const attemptBinding = (attemptHash: string) => `attempt:${attemptHash}`;

async function storeChallenge(app: FastifyInstance, binding: string, purpose: ChallengePurpose, challenge: string) {
  const now = app.clock.now();
  await app.db.orm.transaction(async (tx) => {
    // One live challenge per binding and purpose: asking again retires the previous one.
    await tx
      .update(webauthnChallenges)
      .set({ usedAt: now })
      .where(and(eq(webauthnChallenges.binding, binding), eq(webauthnChallenges.purpose, purpose), isNull(webauthnChallenges.usedAt)));
    await tx.insert(webauthnChallenges).values({
      binding,
      purpose,
      challenge,
      createdAt: now,
      expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
    });
  });
}

/** The challenge the client signed, if it is live and bound to `binding`; it is used up here, whatever follows. */
export async function consumeChallenge(app: FastifyInstance, binding: string, purpose: ChallengePurpose, clientDataJSON: unknown) {
  let challenge: string;
  try {
    const data = JSON.parse(Buffer.from(String(clientDataJSON), 'base64url').toString('utf8')) as { challenge?: unknown };
    // Ours are base64url (storeChallenge): anything else (a NUL, which PostgreSQL's text cannot hold) is no challenge.
    if (typeof data.challenge !== 'string' || !/^[A-Za-z0-9_-]{16,128}$/.test(data.challenge)) return null;
    challenge = data.challenge;
  } catch {
    return null;
  }
  const now = app.clock.now();
  const rows = await app.db.orm
    .update(webauthnChallenges)
    .set({ usedAt: now })
    .where(
      and(
        eq(webauthnChallenges.binding, binding),
        eq(webauthnChallenges.purpose, purpose),
        eq(webauthnChallenges.challenge, challenge),
        isNull(webauthnChallenges.usedAt),
        gt(webauthnChallenges.expiresAt, now),
      ),
    )
    .returning({ challenge: webauthnChallenges.challenge });
  return rows[0]?.challenge ?? null;
}

export const userCredentials = (ex: Executor, userId: number) =>
  ex.select().from(webauthnCredentials).where(eq(webauthnCredentials.userId, userId)).orderBy(desc(webauthnCredentials.createdAt));

export async function registrationOptions(app: FastifyInstance, user: Pick<User, 'id' | 'username'>, sessionId: number) {
  const existing = await userCredentials(app.db.orm, user.id);
  const options = await generateRegistrationOptions({
    rpName: app.config.productName,
    rpID: app.config.security.rpId,
    userName: user.username,
    userID: new TextEncoder().encode(`user-${user.id}`),
    attestationType: 'none',
    excludeCredentials: existing.map((c) => ({ id: c.credentialId, transports: c.transports as AuthenticatorTransport[] })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    timeout: CHALLENGE_TTL_MS,
  });
  await storeChallenge(app, sessionBinding(sessionId), 'register', options.challenge);
  return options;
}

/** Verifies a registration answer against the session's challenge; the new credential, or null when refused. */
export async function verifyRegistration(app: FastifyInstance, sessionId: number, response: RegistrationResponseJSON) {
  const expectedChallenge = await consumeChallenge(app, sessionBinding(sessionId), 'register', response?.response?.clientDataJSON);
  if (!expectedChallenge) return null;
  try {
    const result = await verifyRegistrationResponse({
      response,
      expectedChallenge,
      expectedOrigin: app.config.security.origins,
      expectedRPID: app.config.security.rpId,
      requireUserVerification: false,
    });
    return result.verified ? result.registrationInfo.credential : null;
  } catch {
    return null;
  }
}

export async function authenticationOptions(app: FastifyInstance, userId: number, binding: string, purpose: ChallengePurpose) {
  const creds = await userCredentials(app.db.orm, userId);
  const options = await generateAuthenticationOptions({
    rpID: app.config.security.rpId,
    allowCredentials: creds.map((c) => ({ id: c.credentialId, transports: c.transports as AuthenticatorTransport[] })),
    userVerification: 'preferred',
    timeout: CHALLENGE_TTL_MS,
  });
  await storeChallenge(app, binding, purpose, options.challenge);
  return options;
}

/** Verifies an assertion by one of the user's passkeys against the bound challenge; the passkey used, or null. */
export async function verifyAuthentication(
  app: FastifyInstance,
  userId: number,
  binding: string,
  purpose: ChallengePurpose,
  response: AuthenticationResponseJSON,
): Promise<WebauthnCredential | null> {
  const expectedChallenge = await consumeChallenge(app, binding, purpose, response?.response?.clientDataJSON);
  if (!expectedChallenge || typeof response.id !== 'string') return null;
  const rows = await app.db.orm
    .select()
    .from(webauthnCredentials)
    .where(and(eq(webauthnCredentials.userId, userId), eq(webauthnCredentials.credentialId, response.id)))
    .limit(1);
  const cred = rows[0];
  if (!cred) return null;
  try {
    const result = await verifyAuthenticationResponse({
      response,
      expectedChallenge,
      expectedOrigin: app.config.security.origins,
      expectedRPID: app.config.security.rpId,
      credential: {
        id: cred.credentialId,
        publicKey: new Uint8Array(Buffer.from(cred.publicKey, 'base64url')),
        counter: cred.counter,
        transports: cred.transports as AuthenticatorTransport[],
      },
      requireUserVerification: false,
    });
    if (!result.verified) return null;
    await app.db.orm
      .update(webauthnCredentials)
      .set({ counter: result.authenticationInfo.newCounter, lastUsedAt: app.clock.now() })
      .where(eq(webauthnCredentials.id, cred.id));
    return cred;
  } catch {
    return null;
  }
}
